import sharp from 'sharp';

// Uploads are rare next to page views: one image at a time keeps libvips' threads and memory
// inside the server's budget (decision 086), and nothing is cached between uploads.
sharp.concurrency(1);
sharp.cache(false);

/** What the pipeline takes as pictures, by the type read from their bytes. SVG is never one (scripts). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The sizes stored of every picture, by width; a smaller picture is never enlarged. */
export const IMAGE_VARIANT_WIDTHS = [320, 1280] as const;

export interface ImageVariant {
  name: string;
  width: number;
  height: number;
  contentType: 'image/webp';
  data: Buffer;
}

export type ImageRefusal = { reason: 'tooManyPixels' } | { reason: 'unreadable' };

/**
 * Decodes the picture and writes it anew, once per width, as WebP: only pixels survive — no EXIF
 * (GPS), no XMP or comments, nothing appended after the image data (decision 132). The EXIF
 * orientation is applied first, so a portrait photo stays upright without its tag. The pixel
 * count is read from the header before anything is decoded, so a picture of huge dimensions in
 * a tiny file is refused without touching memory; libvips' own limit backs that up.
 */
export async function makeImageVariants(file: string, options: { maxPixels: number }): Promise<ImageVariant[] | ImageRefusal> {
  const input = { limitInputPixels: options.maxPixels, failOn: 'warning' as const, animated: false };
  let width: number;
  let height: number;
  try {
    const metadata = await sharp(file, input).metadata();
    width = metadata.width;
    height = metadata.height;
  } catch (error) {
    return isPixelLimit(error) ? { reason: 'tooManyPixels' } : { reason: 'unreadable' };
  }
  if (!(width > 0 && height > 0)) return { reason: 'unreadable' };
  if (width * height > options.maxPixels) return { reason: 'tooManyPixels' };
  try {
    const variants: ImageVariant[] = [];
    for (const target of IMAGE_VARIANT_WIDTHS) {
      const { data, info } = await sharp(file, input)
        .rotate()
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ name: `w${target}`, width: info.width, height: info.height, contentType: 'image/webp', data });
    }
    return variants;
  } catch (error) {
    return isPixelLimit(error) ? { reason: 'tooManyPixels' } : { reason: 'unreadable' };
  }
}

function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}
