// A Y4M video (YUV 4:2:0, BT.601) of still pictures, for Chromium's fake camera (--use-file-for-fake-video-capture):
// the browser plays it in a loop, each picture for 1/fps seconds, as a phone camera pointed at one view after another.
import sharp from 'sharp';

export async function y4mOfPictures(pictures: readonly Buffer[], options: { width: number; height: number; fps: number }): Promise<Buffer> {
  const { width, height, fps } = options;
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`)];
  for (const picture of pictures) {
    const rgb = await sharp(picture).resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    parts.push(Buffer.from('FRAME\n'), yuv420(rgb, width, height));
  }
  return Buffer.concat(parts);
}

function yuv420(rgb: Buffer, width: number, height: number): Buffer {
  const luma = Buffer.alloc(width * height);
  const chromaWidth = width / 2;
  const chromaHeight = height / 2;
  const blue = Buffer.alloc(chromaWidth * chromaHeight);
  const red = Buffer.alloc(chromaWidth * chromaHeight);
  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const index = (y * width + x) * 3;
      luma[y * width + x] = clamp(0.299 * (rgb[index] as number) + 0.587 * (rgb[index + 1] as number) + 0.114 * (rgb[index + 2] as number));
    }
  }
  // Each chroma sample from the average of its 2×2 block.
  for (let y = 0; y < chromaHeight; y += 1) {
    for (let x = 0; x < chromaWidth; x += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const index = ((2 * y + dy) * width + 2 * x + dx) * 3;
        r += rgb[index] as number;
        g += rgb[index + 1] as number;
        b += rgb[index + 2] as number;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      blue[y * chromaWidth + x] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
      red[y * chromaWidth + x] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
    }
  }
  return Buffer.concat([luma, blue, red]);
}
