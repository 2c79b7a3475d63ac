import { inflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import yauzl from 'yauzl';
import { NOT_A_WORKBOOK_MESSAGE } from '@paydesk/shared/cards/card-upload';
import { DomainError, invalid, tooLarge, unsupportedMedia } from '../errors/domain-error';

/** Parts an .xlsx may hold: an Excel workbook's own has a dozen or two (one sheet and its rels, styles, theme…). */
export const MAX_PARTS = 500;
/** What all parts may unpack to: 100,000 card rows take about 18 MB, and the worker's heap could not hold much more. */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
/** Unpacked to packed, as Apache POI's ZipSecureFile allows (XML compresses 3 to 20 to 1; zeros 1,000 to 1). */
export const MAX_RATIO = 100;
/** A part that unpacks to less is not held to MAX_RATIO: tiny XML compresses well and cannot hurt. */
const RATIO_GRACE_BYTES = 100 * 1024;

/**
 * The parts of an Office Open XML workbook, by name (case as Excel, LibreOffice, Google Sheets
 * and SheetJS write it, matched without case): content types, relationships, document
 * properties, custom XML, the workbook's XML parts, printer settings and pictures. Anything else
 * (a nested package, macros, an ActiveX or OLE object, an OpenDocument or Numbers part) is refused.
 */
const allowedPart = new RegExp(
  [
    String.raw`\[Content_Types\]\.xml`,
    String.raw`_rels/\.rels`,
    String.raw`docProps/[\w.-]+\.(xml|jpe?g|png|emf|wmf)`,
    String.raw`customXml/(_rels/)?[\w.-]+\.(xml|rels)`,
    String.raw`xl/([\w-]+/)*(_rels/)?[\w.-]+\.(xml|rels|vml)`,
    String.raw`xl/printerSettings/[\w.-]+\.bin`,
    String.raw`xl/media/[\w.-]+\.(png|jpe?g|gif|bmp|tiff?|emf|wmf|svg)`,
  ]
    .map((pattern) => `^${pattern}$`)
    .join('|'),
  'i',
);

/** SheetJS's container of a package's parts (its CFB object), as XLSX.parse_zip reads it. */
export type WorkbookContainer = object;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Checks an .xlsx package before anything in it is unpacked, then unpacks it with the sizes held
 * to what it declares, into the container SheetJS reads a workbook from. Refused with a 4xx: too
 * many parts, a part that is not a workbook's, a declared total over MAX_UNPACKED_BYTES, a part
 * compressed more than MAX_RATIO to 1, and a part that unpacks to more (or less) than it declares.
 * SheetJS itself would inflate every part whole, trusting no size (a few MB can unpack to GBs),
 * and read a package its own way; it is given only what was checked here.
 */
export async function unpackXlsx(file: Buffer): Promise<WorkbookContainer> {
  const zip = await yauzl
    .fromBufferPromise(file, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true })
    .catch(notASpreadsheet);
  if (zip.entryCount > MAX_PARTS) {
    throw tooLarge(
      `The spreadsheet has ${zip.entryCount.toLocaleString('en-US')} parts: an Excel workbook of cards has far fewer (at most ${MAX_PARTS})`,
    );
  }
  const entries = await checkedEntries(zip);
  const container = XLSX.CFB.utils.cfb_new() as WorkbookContainer;
  for (const entry of entries) {
    XLSX.CFB.utils.cfb_add(container, entry.fileName, await unpackPart(zip, entry), { unsafe: true });
  }
  return container;
}

/** Every file entry of the package, checked by name and declared size; nothing unpacked yet. */
async function checkedEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  const entries: yauzl.Entry[] = [];
  const names = new Set<string>();
  let declared = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      const name = entry.fileName;
      if (!allowedPart.test(name)) {
        throw unsupportedMedia(`The spreadsheet holds a part that is not part of an Excel workbook: ${name.slice(0, 100)}`);
      }
      // Two parts of one name, a password or a compression other than deflate: no workbook of cards.
      if (names.has(name.toLowerCase()) || entry.isEncrypted() || ![0, 8].includes(entry.compressionMethod)) notASpreadsheet();
      names.add(name.toLowerCase());
      declared += entry.uncompressedSize;
      if (declared > MAX_UNPACKED_BYTES) throw tooLarge(`The spreadsheet unpacks to more than ${mb(MAX_UNPACKED_BYTES)}`);
      if (entry.uncompressedSize > RATIO_GRACE_BYTES && entry.uncompressedSize > MAX_RATIO * entry.compressedSize) {
        throw tooLarge(`The spreadsheet's part ${name} is compressed more than ${MAX_RATIO} to 1: refused as a decompression bomb`);
      }
      entries.push(entry);
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    notASpreadsheet();
  }
  return entries;
}

/**
 * One part, unpacked in one step into one buffer of the size it declares (checked above): zlib
 * stops at that size, and a part that is longer or shorter is refused. Unpacked as a stream, the
 * chunks would wait for the collector beside the whole part, about 15 MB more at 100,000 rows.
 */
async function unpackPart(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of await zip.openReadStreamPromise(entry, { decodeFileData: false })) chunks.push(chunk as Buffer);
  } catch {
    notASpreadsheet();
  }
  const size = entry.uncompressedSize;
  let part: Buffer | undefined;
  try {
    part =
      entry.compressionMethod === 0
        ? Buffer.concat(chunks)
        : inflateRawSync(Buffer.concat(chunks), { maxOutputLength: Math.max(size, 1), chunkSize: Math.max(size + 1, 64) });
  } catch {
    // Longer than declared, or not a deflate stream.
  }
  if (part?.length !== size) {
    throw invalid(
      `The spreadsheet's part ${entry.fileName} does not unpack to the size it declares: refused as damaged, or a decompression bomb`,
    );
  }
  return part;
}

function notASpreadsheet(): never {
  throw unsupportedMedia(NOT_A_WORKBOOK_MESSAGE);
}
