import zlib from 'node:zlib';

/** Hostile and ordinary upload bodies for the upload tests (docs/quality.md#s6). */

export type Part = { name: string; filename?: string; contentType?: string; content: Buffer | string };

/** A multipart/form-data body of `parts`, with its content-type header. */
export function multipart(parts: Part[]) {
  const boundary = `----orchard${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`, 'utf8'));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A real, complete 30000 × 30000 one-bit PNG: about 100 KB that decodes to 900 megapixels. */
export function pixelFloodPng(side = 30_000): Buffer {
  return blankPng(side, side);
}

/** A real, complete, blank one-bit PNG of `width` × `height`: a 1 × 4000 one is about 125 bytes. */
export function blankPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const deflate = zlib.deflateSync(Buffer.alloc((1 + Math.ceil(width / 8)) * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflate),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Runs `work` and reports how far the process's resident memory rose above where it started,
 * sampled every 5 ms (the image work runs off the event loop, so the sampler keeps up).
 */
export async function measured<T>(work: () => Promise<T>): Promise<{ result: T; rssRise: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, rssRise: peak - start };
  } finally {
    clearInterval(sampler);
  }
}
