import type sharpModule from 'sharp';

type Sharp = typeof sharpModule;
type Pipeline = ReturnType<Sharp>;

/** The parts of a pipeline's internal options (sharp's lib/constructor) that decide what libvips decodes. */
export type PipelineOptions = {
  input: { limitInputPixels: number; sequentialRead: boolean; failOn?: string; autoOrient?: boolean };
  width: number;
  height: number;
  topOffsetPre: number;
  widthPre: number;
  heightPre: number;
  orientBefore: boolean;
  rotateBefore: boolean;
  fastShrinkOnLoad: boolean;
  withoutEnlargement: boolean;
};

export type SharpSpy = {
  /** Every pipeline made since the last `reset`, with its options as sharp holds them. */
  pipelines: { input: unknown; options: PipelineOptions }[];
  /** The most pipelines that were encoding (`toBuffer` not yet settled) at one time. */
  peakEncoding: number;
  reset(): void;
};

export const spy: SharpSpy = {
  pipelines: [],
  peakEncoding: 0,
  reset() {
    this.pipelines = [];
    this.peakEncoding = 0;
  },
};

let encoding = 0;

/**
 * sharp itself, doing all its work, with each pipeline recorded: tests assert what the API asks of
 * libvips (the pixel cap, shrink-on-load, how many decode at once), not how long it took.
 * Use in a test file as `vi.mock('sharp', async (original) => (await import('…/sharp-spy.ts')).spiedSharp(await original()))`.
 */
export function spiedSharp(original: { default: Sharp }): { default: Sharp } {
  const wrapped = new Proxy(original.default, {
    apply(target, self, args: Parameters<Sharp>) {
      const pipeline = Reflect.apply(target, self, args) as Pipeline;
      spy.pipelines.push({ input: args[0], options: (pipeline as unknown as { options: PipelineOptions }).options });
      const toBuffer = pipeline.toBuffer.bind(pipeline) as () => Promise<unknown>;
      (pipeline as { toBuffer: () => Promise<unknown> }).toBuffer = () => {
        encoding++;
        spy.peakEncoding = Math.max(spy.peakEncoding, encoding);
        return toBuffer().finally(() => encoding--);
      };
      return pipeline;
    },
  });
  return { default: wrapped };
}

/** The pipelines made from these exact bytes (an upload arrives as a new Buffer, so compared by content). */
export function pipelinesOf(bytes: Buffer) {
  return spy.pipelines.filter(({ input }) => Buffer.isBuffer(input) && input.equals(bytes));
}

/** The pipeline that re-encoded `bytes`: the one that resizes (the header read before it does not). */
export function encodingPipelineOf(bytes: Buffer) {
  const found = pipelinesOf(bytes).filter(({ options }) => options.width > 0 || options.height > 0);
  if (found.length !== 1) throw new Error(`expected one encoding pipeline for the upload, found ${found.length}`);
  return found[0]!.options;
}

/** sharp's own condition for shrink-on-load (src/pipeline.cc, `shouldPreShrink`), as far as our pipelines can set it. */
export function shrinksOnLoad(options: PipelineOptions) {
  return (options.width > 0 || options.height > 0) && options.topOffsetPre === -1 && !options.orientBefore && !options.rotateBefore && options.fastShrinkOnLoad;
}

/**
 * The pixels the resize is handed: the pre-resize crop when there is one, otherwise the whole
 * upright source (the resize of a cover-fit handles at most what it is handed, scaled to cover).
 */
export function resizeInput(options: PipelineOptions, source: { width: number; height: number }) {
  return options.widthPre !== -1 ? { width: options.widthPre, height: options.heightPre } : source;
}
