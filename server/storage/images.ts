import sharp from 'sharp';

// Uploads are rare next to page views: one image at a time keeps libvips' threads and memory
// inside the server's budget (decision 086), and nothing is cached between uploads.
sharp.concurrency(1);
sharp.cache(false);

/**
 * What the pipeline takes as pictures, by the type read from their bytes. SVG is never one
 * (scripts). A GIF may be animated: it stays animated (decision 132).
 */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** The sizes stored of every picture, by width; a smaller picture is never enlarged. */
export const IMAGE_VARIANT_WIDTHS = [320, 1280] as const;

/**
 * Frames an animation may have. The pixel budget already counts every frame; this bounds the
 * per-frame work of tiny frames repeated thousands of times (500 frames is 50 s at 10 frames a
 * second, longer than any reaction clip).
 */
export const MAX_IMAGE_FRAMES = 500;

export interface ImageVariant {
  name: string;
  width: number;
  height: number;
  /** frames of an animation (an animated GIF stays animated); 1 for a still picture */
  frames: number;
  contentType: 'image/webp';
  data: Buffer;
}

/** Why a picture is refused; `isAnimated` when the pixels of all an animation's frames together were too many. */
export type ImageRefusal = { reason: 'tooManyPixels'; isAnimated?: boolean } | { reason: 'tooManyFrames'; max: number } | { reason: 'unreadable' };

/**
 * Decodes the picture and writes it anew, once per width, as WebP: only pixels survive — no EXIF
 * (GPS), no XMP or comments, nothing appended after the image data (decision 132). The EXIF
 * orientation is applied first, so a portrait photo stays upright without its tag. An animated
 * GIF becomes an animated WebP with its frames, delays and loop count.
 *
 * Image bombs cost nothing: the header is read first, and width × height × frames — every pixel
 * a decode would make, all frames of an animation counted — above `maxPixels` is refused before
 * a pixel is decoded, as are more than MAX_IMAGE_FRAMES frames; libvips' own limit backs that
 * up (on an animation it counts the frames together too).
 */
export async function makeImageVariants(file: string, options: { maxPixels: number }): Promise<ImageVariant[] | ImageRefusal> {
  const still = { limitInputPixels: options.maxPixels, failOn: 'warning' as const, animated: false };
  let width: number;
  let height: number;
  let frames: number;
  let format: string;
  try {
    const metadata = await sharp(file, still).metadata();
    width = metadata.width;
    height = metadata.height;
    frames = metadata.pages ?? 1;
    format = metadata.format;
  } catch (error) {
    return isPixelLimit(error) ? { reason: 'tooManyPixels' } : { reason: 'unreadable' };
  }
  if (!(width > 0 && height > 0 && frames > 0)) return { reason: 'unreadable' };
  // Only a GIF's frames are an animation we keep; a WebP's other frames are dropped as before.
  const isAnimated = format === 'gif' && frames > 1;
  const counted = isAnimated ? frames : 1;
  if (counted > MAX_IMAGE_FRAMES) return { reason: 'tooManyFrames', max: MAX_IMAGE_FRAMES };
  if (width * height * counted > options.maxPixels) return { reason: 'tooManyPixels', isAnimated };
  const input = { ...still, animated: isAnimated };
  try {
    const variants: ImageVariant[] = [];
    for (const target of IMAGE_VARIANT_WIDTHS) {
      const { data, info } = await sharp(file, input)
        .rotate()
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      const pages = info.pages ?? 1;
      // Of an animation, the height of one frame: what a page lays out.
      const frameHeight = pages > 1 ? (info.pageHeight ?? info.height / pages) : info.height;
      variants.push({ name: `w${target}`, width: info.width, height: frameHeight, frames: pages, contentType: 'image/webp', data });
    }
    return variants;
  } catch (error) {
    return isPixelLimit(error) ? { reason: 'tooManyPixels', isAnimated } : { reason: 'unreadable' };
  }
}

function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}
