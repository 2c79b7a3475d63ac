import { constants, crc32, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';

/** One part of a ZIP package: its bytes, or a raw deflate stream with the size it unpacks to. */
export interface ZipPart {
  name: string;
  data?: Buffer;
  deflated?: { stream: Buffer; size: number; crc: number };
  /** The uncompressed size the headers declare, if not the real one. */
  declaredSize?: number;
}

/** The parts of a real workbook file (SheetJS's reader of packages, which adds no part). */
export function partsOf(file: Buffer): ZipPart[] {
  const container = XLSX.CFB.read(file, { type: 'buffer' }) as { FullPaths: string[]; FileIndex: { type: number; content?: Buffer }[] };
  return container.FullPaths.flatMap((path, i) => {
    const name = path.replace(/^Root Entry\//, '');
    const entry = container.FileIndex[i]!;
    return entry.type === 2 && !name.startsWith('\u0001') ? [{ name, data: Buffer.from(entry.content ?? []) }] : [];
  });
}

/**
 * A deflate stream that unpacks to `prefix`, then `megabytes` MB of spaces, then `suffix`, built
 * from one compressed megabyte repeated (each piece ends on a full flush, so pieces join): a few
 * hundred KB that unpack to hundreds of MB, without ever holding them.
 */
export function deflatedPadding(prefix: string, megabytes: number, suffix: string): NonNullable<ZipPart['deflated']> {
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const filler = Buffer.alloc(1024 * 1024, ' ');
  const fillerStream = deflateRawSync(filler, flush);
  let crc = crc32(prefix);
  for (let i = 0; i < megabytes; i += 1) crc = crc32(filler, crc);
  crc = crc32(suffix, crc);
  const stream = Buffer.concat([
    deflateRawSync(prefix, flush),
    ...Array.from({ length: megabytes }, () => fillerStream),
    deflateRawSync(suffix),
  ]);
  return { stream, size: Buffer.byteLength(prefix) + megabytes * filler.length + Buffer.byteLength(suffix), crc };
}

/** A ZIP file of the parts, deflated, written by the book (APPNOTE 4.3): local headers, central directory, end record. */
export function zipPackage(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const deflated = part.deflated ?? { stream: deflateRawSync(part.data!), size: part.data!.length, crc: crc32(part.data!) };
    const name = Buffer.from(part.name);
    const size = part.declaredSize ?? deflated.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(deflated.crc, 14);
    local.writeUInt32LE(deflated.stream.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt16LE(0x21, 14);
    header.writeUInt32LE(deflated.crc, 16);
    header.writeUInt32LE(deflated.stream.length, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    locals.push(local, name, deflated.stream);
    central.push(header, name);
    offset += local.length + name.length + deflated.stream.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
