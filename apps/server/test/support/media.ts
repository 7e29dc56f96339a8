/** Small, real files of each kind, made in the test (no fixtures on disk). */
import sharp from 'sharp';

export const SECRET = 'SECRET-OWNER-7731';

export const png = (width = 16, height = 16) =>
  sharp({ create: { width, height, channels: 4, background: '#3366cc' } })
    .png()
    .toBuffer();

/** A 40×20 JPEG stored sideways (EXIF orientation 6) with GPS and an owner in its EXIF. */
export const jpegWithGps = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#cc3333' } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Copyright: SECRET, Orientation: '6' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 24/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 3/1',
      },
    })
    .jpeg()
    .toBuffer();

/** A PNG with EXIF (GPS and an owner) in it. */
export const pngWithExif = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#33cc66' } })
    .withExif({ IFD0: { Copyright: SECRET }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '1/1 2/1 3/1' } })
    .png()
    .toBuffer();

/** A 24-bit bottom-up BMP, each pixel's [r, g, b] from `pixel(x, y)` (y = 0 is the top row). */
export function bmp24(
  width: number,
  height: number,
  pixel: (x: number, y: number) => readonly [number, number, number],
): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const file = Buffer.alloc(54 + stride * height);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  for (let y = 0; y < height; y += 1) {
    const row = 54 + stride * (height - 1 - y);
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = pixel(x, y);
      file[row + x * 3] = b;
      file[row + x * 3 + 1] = g;
      file[row + x * 3 + 2] = r;
    }
  }
  return file;
}

/** A 2×2 grey 24-bit BMP. */
export const bmp = (): Buffer => bmp24(2, 2, () => [0x80, 0x80, 0x80]);

/** A 24-bit BMP of the given size with a colour gradient (about 3 bytes a pixel). */
export const largeBmp = (width: number, height: number): Buffer =>
  bmp24(width, height, (x, y) => [(x + y) & 0xff, y & 0xff, x & 0xff]);

const box = (type: string, payload: Buffer): Buffer => {
  const b = Buffer.alloc(8 + payload.length);
  b.writeUInt32BE(b.length, 0);
  b.write(type, 4, 'latin1');
  payload.copy(b, 8);
  return b;
};

/** The boxes an MP4 starts with: enough for its type to be told from its bytes. */
export const mp4 = () =>
  Buffer.concat([
    box(
      'ftyp',
      Buffer.concat([
        Buffer.from('isom', 'latin1'),
        Buffer.from([0, 0, 2, 0]),
        Buffer.from('isomiso2mp41', 'latin1'),
      ]),
    ),
    box('free', Buffer.alloc(0)),
    box('mdat', Buffer.alloc(4096, 7)),
  ]);

/** An EBML header with DocType webm, then an open-ended segment. */
export const webm = () =>
  Buffer.from([
    0x1a,
    0x45,
    0xdf,
    0xa3,
    0x9f,
    0x42,
    0x86,
    0x81,
    1,
    0x42,
    0xf7,
    0x81,
    1,
    0x42,
    0xf2,
    0x81,
    4,
    0x42,
    0xf3,
    0x81,
    8,
    0x42,
    0x82,
    0x84,
    ...Buffer.from('webm'),
    0x42,
    0x87,
    0x81,
    2,
    0x42,
    0x85,
    0x81,
    2,
    0x18,
    0x53,
    0x80,
    0x67,
    0x01,
    0xff,
    0xff,
    0xff,
    0xff,
    0xff,
    0xff,
    0xff,
    ...Buffer.alloc(64),
  ]);

/** A silent 8 kHz mono WAV of 1000 samples. */
export function wav(): Buffer {
  const file = Buffer.alloc(44 + 1000, 0x80);
  file.write('RIFF', 0, 'latin1');
  file.writeUInt32LE(file.length - 8, 4);
  file.write('WAVEfmt ', 8, 'latin1');
  file.writeUInt32LE(16, 16);
  file.writeUInt16LE(1, 20);
  file.writeUInt16LE(1, 22);
  file.writeUInt32LE(8000, 24);
  file.writeUInt32LE(8000, 28);
  file.writeUInt16LE(1, 32);
  file.writeUInt16LE(8, 34);
  file.write('data', 36, 'latin1');
  file.writeUInt32LE(1000, 40);
  return file;
}

/** The start of a Windows Media (ASF) file with one audio stream, as a .wmv/.wma begins. */
export function asfAudio(): Buffer {
  const guid = (hex: string) => Buffer.from(hex.replace(/-/g, ''), 'hex');
  const header = Buffer.alloc(30);
  guid('3026B275-8E66CF11-A6D900AA-0062CE6C').copy(header, 0);
  const stream = Buffer.alloc(24 + 16 + 40);
  guid('9107DCB7-B7A9CF11-8EE600C0-0C205365').copy(stream, 0);
  stream.writeBigUInt64LE(BigInt(stream.length), 16);
  guid('409E69F8-4D5BCF11-A8FD0080-5F5C442B').copy(stream, 24);
  header.writeBigUInt64LE(BigInt(header.length + stream.length), 16);
  header.writeUInt32LE(1, 24);
  return Buffer.concat([header, stream, Buffer.alloc(64)]);
}

export const pdf = () =>
  Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

/** The start of an OLE compound file, as .doc/.xls/.ppt files are. */
export function compoundFile(): Buffer {
  const file = Buffer.alloc(2048);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file);
  return file;
}
