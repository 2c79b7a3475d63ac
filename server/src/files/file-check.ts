import type { fileTypes } from '@paydesk/shared/schemas/merchant-objects';

export type FileType = (typeof fileTypes)[number];
export type FileCheck = { ok: true; type: FileType } | { ok: false; reason: string };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);
const JPEG_END = Buffer.from([0xff, 0xd9]);
const PDF_START = Buffer.from('%PDF-', 'latin1');
const ZIP_LOCAL_HEADER = Buffer.from('PK\u0003\u0004', 'latin1');
const ZIP_END_OF_DIRECTORY = Buffer.from('PK\u0005\u0006', 'latin1');
/** An archive's end record lies within its last 65,557 bytes (22 bytes and a comment of up to 65,535). */
const ZIP_TAIL = 65_557;

/**
 * Markup or script a browser or a server would run, in any case: never in a document or an image.
 * Long enough that compressed image data holds it by chance far less than once in a million files.
 */
const activeContent = /<\s*(?:script|html|iframe|object|embed)\b|<\?php|javascript:/i;
/** PDF names that run code or carry other files. */
const pdfActions = /\/(?:JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|XFA)(?![A-Za-z0-9])/;

const refused = (reason: string): FileCheck => ({ ok: false, reason });

/** A PNG's chunks walked from the signature: IHDR first, IEND last, nothing after it. */
function checkPng(bytes: Buffer): FileCheck {
  let at = PNG_SIGNATURE.length;
  let first = true;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (!/^[A-Za-z]{4}$/.test(type) || (first && type !== 'IHDR')) return refused('The PNG image is damaged');
    first = false;
    at += 12 + length;
    if (at > bytes.length) return refused('The PNG image is damaged: a chunk runs past its end');
    if (type === 'IEND') {
      return at === bytes.length ? { ok: true, type: 'image/png' } : refused('The PNG image has data after its end (IEND): it is refused');
    }
  }
  return refused('The PNG image is damaged: it has no end (IEND)');
}

/**
 * Which of the evidence types a file is, by its bytes alone (DSP-11): a PDF, a PNG or a JPEG. The
 * name and the declared type are never believed. Refused: anything else, and the cheap-to-see
 * polyglots that are another file too: a ZIP inside (a renamed archive, a PDF or image carrying
 * an archive), data after a PNG's or a JPEG's end, a PDF that runs code or embeds files, and
 * markup or script anywhere.
 */
export function checkEvidenceFile(bytes: Buffer): FileCheck {
  if (bytes.length === 0) return refused('The file is empty');
  if (bytes.subarray(0, 4).equals(ZIP_LOCAL_HEADER) || bytes.subarray(-ZIP_TAIL).includes(ZIP_END_OF_DIRECTORY)) {
    return refused('The file is, or holds, a ZIP archive: only PDF, PNG and JPEG files are taken');
  }
  const text = bytes.toString('latin1');
  if (activeContent.test(text)) return refused('The file holds markup or script: only plain PDF, PNG and JPEG files are taken');
  if (bytes.subarray(0, PDF_START.length).equals(PDF_START)) {
    if (!bytes.subarray(-1024).toString('latin1').trimEnd().endsWith('%%EOF')) {
      return refused('The PDF is damaged or has data after its end (%%EOF)');
    }
    if (pdfActions.test(text)) return refused('The PDF runs actions or embeds files (JavaScript, Launch, embedded files): it is refused');
    return { ok: true, type: 'application/pdf' };
  }
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return checkPng(bytes);
  if (bytes.subarray(0, JPEG_START.length).equals(JPEG_START)) {
    return bytes.subarray(-JPEG_END.length).equals(JPEG_END)
      ? { ok: true, type: 'image/jpeg' }
      : refused('The JPEG image is damaged or has data after its end');
  }
  return refused('Only PDF, PNG and JPEG files are taken: the content of this file is none of them');
}

/** What no file's own name holds: a folder (`/` or a backslash), control or direction characters. */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const notOwnName = /[/\\\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * The name a file is kept under, for display only (never a path): what was sent, without leading
 * dots, `evidence` when nothing is left; refused when it names a folder or holds control or
 * direction characters, which a browser never sends for a file of its own.
 */
export function keptFileName(sent: string | undefined): { ok: true; name: string } | { ok: false; reason: string } {
  if (notOwnName.test(sent ?? ''))
    return {
      ok: false,
      reason: 'A file name naming a folder, or holding control or direction characters, is refused: send the file by its own name',
    };
  const name = (sent ?? '').trim().replace(/^\.+/, '').slice(0, 200);
  return { ok: true, name: name === '' ? 'evidence' : name };
}
