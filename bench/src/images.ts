/**
 * The image budget (docs/architecture.md#uploads): the API process's CPU for one inquiry of five
 * 40-megapixel JPEGs (goal under 3 s), and the p99 of reads served while four such inquiries are
 * sent again and again (goal under 250 ms), against the same reads with no upload in the same run;
 * with the API's peak RSS. The photos are made here with sharp, never committed.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { load, ratio } from './load.ts';
import { freshBenchDatabase, printTable, startBenchApi } from './api.ts';
import { mintUsers } from './points-setup.ts';

const publicUrl = 'http://127.0.0.1:3999';
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const imagesPerInquiry = 5;
const inquiriesAtOnce = 4;

/** A camera-like 40-megapixel photo: baseline JPEG, 4:2:0, grain everywhere (about 11 MB, under the 20 MB limit). */
async function fortyMegapixelJpeg(): Promise<Buffer> {
  const [width, height] = [7744, 5164];
  const grain = await sharp({ create: { width: width / 8, height: height / 4, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
    .png()
    .toBuffer();
  return sharp(grain).resize(width, height).jpeg({ quality: 90 }).toBuffer();
}

/** User and system CPU seconds the process has used (/proc/<pid>/stat, in clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The multipart body of one inquiry, encoded once: the senders then cost the load generator's process little beside its reads. */
async function inquiryBody(photo: Buffer): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ nickname: 'bench', email: 'bench@example.com', category: 'FAQC001', title: 'Photos', content: 'Five photos.' })) form.append(name, value);
  for (let index = 0; index < imagesPerInquiry; index++) form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `photo-${index}.jpg`);
  const encoded = new Response(form);
  return { contentType: encoded.headers.get('content-type')!, body: Buffer.from(await encoded.arrayBuffer()) };
}

export async function runImagesBenchmark() {
  const { body, contentType } = await inquiryBody(await fortyMegapixelJpeg());
  const databaseUrl = await freshBenchDatabase('orchard_bench_images');
  const api = await startBenchApi(databaseUrl, { RATE_LIMIT_UPLOADS_PER_MINUTE: '100000000' });
  try {
    const users = await mintUsers(databaseUrl, inquiriesAtOnce, 'imagefan');
    const pid = api.child.pid!;
    const sendInquiry = async (cookie: string) => {
      const response = await fetch(`${api.address}/api/inquiries`, { method: 'POST', headers: { cookie, origin: publicUrl, 'content-type': contentType }, body });
      if (response.status !== 201) throw new Error(`POST /api/inquiries answered ${response.status}: ${await response.text()}`);
    };

    // One inquiry alone, three times: the API's CPU for each.
    const alone: number[] = [];
    for (let run = 0; run < 3; run++) {
      const before = cpuSeconds(pid);
      await sendInquiry(users[0]!.cookie);
      alone.push(cpuSeconds(pid) - before);
    }

    const readUrl = `${api.address}/api/auth/me`;
    const readHeaders = { cookie: users[0]!.cookie };
    const quiet = await load(readUrl, { seconds, connections: 10, headers: readHeaders });

    // The same reads while four inquiries are sent again and again, until the reads end.
    let peakRssMb = api.rssMb();
    const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, api.rssMb())), 100);
    let reading = true;
    let sent = 0;
    const senders = users.map(async ({ cookie }) => {
      while (reading) {
        await sendInquiry(cookie);
        sent++;
      }
    });
    const busy = await load(readUrl, { seconds, connections: 10, headers: readHeaders }).finally(() => (reading = false));
    await Promise.all(senders);
    clearInterval(sampler);

    printTable([
      ['figure', 'value', 'goal'],
      ['CPU s, one inquiry of 5 × 40 MP JPEG (3 runs)', alone.map((value) => value.toFixed(2)).join(' / '), '< 3'],
      [`reads p99 ms, no upload (GET /api/auth/me, 10 connections)`, String(quiet.p99Ms), ''],
      [`reads p99 ms, ${inquiriesAtOnce} inquiries at a time`, String(busy.p99Ms), '< 250'],
      ['reads req/s, busy ÷ quiet', ratio(busy.requestsPerSecond, quiet.requestsPerSecond), ''],
      ['inquiries answered while reading (all 201)', String(sent), ''],
      ['API peak RSS MB', String(Math.round(peakRssMb)), ''],
      ['read errors', String(quiet.errors + quiet.non2xx + busy.errors + busy.non2xx), '0'],
    ]);
  } finally {
    await api.stop();
  }
}
