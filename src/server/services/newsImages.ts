// Cover images of posts: PNG, JPEG or WebP recognised by their first bytes (a name or a
// declared type proves nothing), at most 2 MB, kept in DATA_DIR/news-images under the SHA-256 of their
// content. The name changes with the content, so the file is served with a year-long immutable cache.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { newId } from '../ids';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_PATH_PREFIX = '/media/news/';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

const EXTENSIONS: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
const TYPES_BY_EXTENSION: Record<string, ImageType> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** The image type by its signature bytes, or null for anything else (SVG, GIF, HTML, a renamed script, …). */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const starts = (signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
  if (bytes.length >= 8 && starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (bytes.length >= 4 && starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP followed by a VP8/VP8L/VP8X chunk.
  if (bytes.length >= 16 && starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8) && starts([0x56, 0x50, 0x38], 12)) return 'image/webp';
  return null;
}

export const imagesDir = (dataDir: string) => path.join(dataDir, 'news-images');

/** Stores the image (already checked) and returns its file name. Writing the same content twice is harmless. */
export async function storeImage(dataDir: string, bytes: Buffer, type: ImageType): Promise<string> {
  const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 40)}.${EXTENSIONS[type]}`;
  const dir = imagesDir(dataDir);
  await mkdir(dir, { recursive: true });
  // Write aside and rename, so a reader never gets half a file.
  const temporary = path.join(dir, `.${newId()}.tmp`);
  await writeFile(temporary, bytes, { mode: 0o644 });
  await rename(temporary, path.join(dir, name));
  return name;
}

/** A stored image by its file name, or null (names are checked, so no path leaves the folder). */
export async function readImage(dataDir: string, name: string): Promise<{ bytes: Buffer; type: ImageType } | null> {
  const match = /^([a-f0-9]{40})\.(png|jpg|webp)$/.exec(name);
  if (!match) return null;
  try {
    const bytes = await readFile(path.join(imagesDir(dataDir), name));
    return { bytes, type: TYPES_BY_EXTENSION[match[2]] };
  } catch {
    return null;
  }
}
