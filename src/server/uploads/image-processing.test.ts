import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffImageType } from './image-processing.ts';

const ftyp = (major: string, ...compatible: string[]) => {
  const brands = [major, '\0\0\0\0', ...compatible].join('');
  const box = Buffer.alloc(8 + brands.length);
  box.writeUInt32BE(box.length, 0);
  box.write(`ftyp${brands}`, 4, 'latin1');
  return Buffer.concat([box, Buffer.alloc(16)]);
};

describe('sniffImageType', () => {
  it('recognises each accepted type by its magic bytes', async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } });
    expect(sniffImageType(await base.clone().jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffImageType(await base.clone().png().toBuffer())).toBe('image/png');
    expect(sniffImageType(await base.clone().gif().toBuffer())).toBe('image/gif');
    expect(sniffImageType(await base.clone().webp().toBuffer())).toBe('image/webp');
    expect(sniffImageType(await base.clone().avif().toBuffer())).toBe('image/avif');
    expect(sniffImageType(ftyp('mif1', 'avis'))).toBe('image/avif');
  });

  it('refuses everything else', () => {
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('<!doctype html>'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('GIF88a-not-really'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined();
    expect(sniffImageType(ftyp('heic', 'mif1'))).toBeUndefined();
    expect(sniffImageType(ftyp('isom', 'mp41'))).toBeUndefined();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeUndefined();
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
  });
});
