import sharp from 'sharp';

/**
 * The demo's pictures, drawn at start from SVG (nothing binary is kept in the repository): a
 * project's thumbnail is a fan-ad poster in its artist's colour, and an execution photo shows that
 * poster on a station light box or a street screen. The poster's words are Latin letters, as fan
 * ads often are, so they render with the fonts every machine has.
 */

export type PosterInput = {
  /** The artist's colour (`#rrggbb`). */
  color: string;
  /** The poster's big words, a few Latin words ("HAPPY HARIN DAY"). */
  headline: string;
  /** A smaller line under them (the artist, a date). */
  subline: string;
  /** Varies the shapes from one poster to the next. */
  seed: number;
};

export type PhotoScene = 'lightbox' | 'screen' | 'bus';

const width = 1200;
const height = 900;
const fonts = "DejaVu Sans, Noto Sans, Arial, Helvetica, sans-serif";

/** A small deterministic generator, so the same demo draws the same pictures. */
export function randomFrom(seed: number) {
  let state = (seed * 2654435761) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);

function shade(color: string, factor: number): string {
  const value = Number.parseInt(color.slice(1), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 255;
    const mixed = factor >= 0 ? c + (255 - c) * factor : c * (1 + factor);
    return Math.round(Math.min(255, Math.max(0, mixed)));
  };
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

/** Splits the headline into at most three lines of about `perLine` characters. */
function linesOf(text: string, perLine: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + word.length + 1 <= perLine) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, 3);
}

/** The poster as SVG elements inside a `w` × `h` box (no outer <svg>), so a photo can place it. */
function posterBody({ color, headline, subline, seed }: PosterInput, w: number, h: number, id: string): string {
  const random = randomFrom(seed);
  const dark = shade(color, -0.55);
  const light = shade(color, 0.45);
  const shapes: string[] = [];
  for (let index = 0; index < 9; index += 1) {
    const x = random() * w;
    const y = random() * h;
    const r = (0.04 + random() * 0.14) * w;
    const opacity = (0.08 + random() * 0.18).toFixed(2);
    shapes.push(
      index % 3 === 2
        ? `<rect x="${(x - r / 2).toFixed(1)}" y="${(y - r / 2).toFixed(1)}" width="${r.toFixed(1)}" height="${r.toFixed(1)}" rx="${(r / 5).toFixed(1)}" fill="#fff" fill-opacity="${opacity}" transform="rotate(${Math.round(random() * 90)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`
        : `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="${index % 2 ? '#fff' : light}" fill-opacity="${opacity}"/>`,
    );
  }
  // A few small stars, as fan posters scatter them.
  for (let index = 0; index < 6; index += 1) {
    const x = random() * w;
    // Above or below the words, never on them.
    const y = (random() < 0.5 ? 0.04 + random() * 0.16 : 0.86 + random() * 0.1) * h;
    const s = (0.012 + random() * 0.02) * w;
    const points = Array.from({ length: 10 }, (_, k) => {
      const radius = k % 2 === 0 ? s : s * 0.45;
      const angle = (Math.PI / 5) * k - Math.PI / 2;
      return `${(x + radius * Math.cos(angle)).toFixed(1)},${(y + radius * Math.sin(angle)).toFixed(1)}`;
    }).join(' ');
    shapes.push(`<polygon points="${points}" fill="#fff" fill-opacity="0.85"/>`);
  }
  const lines = linesOf(headline.toUpperCase(), 13);
  const size = Math.round(Math.min(w / 9, (h * 0.42) / lines.length));
  const top = h * 0.5 - ((lines.length - 1) * size * 1.08) / 2;
  const text = lines
    .map((line, index) => `<text x="${w / 2}" y="${(top + index * size * 1.08).toFixed(1)}" font-size="${size}" font-weight="700" fill="#fff" text-anchor="middle" font-family="${fonts}" letter-spacing="${(size * 0.02).toFixed(1)}">${escapeXml(line)}</text>`)
    .join('');
  const band = h * 0.8;
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="0.5" stop-color="${color}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#${id})"/>
    ${shapes.join('')}
    <rect x="${w * 0.06}" y="${h * 0.06}" width="${w * 0.88}" height="${h * 0.88}" rx="${w * 0.02}" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="${Math.max(2, w * 0.005)}"/>
    ${text}
    <rect x="${w * 0.2}" y="${band - size * 0.62}" width="${w * 0.6}" height="${size * 0.8}" rx="${size * 0.4}" fill="${dark}" fill-opacity="0.55"/>
    <text x="${w / 2}" y="${band - size * 0.08}" font-size="${Math.round(size * 0.4)}" fill="#fff" text-anchor="middle" font-family="${fonts}" letter-spacing="${(size * 0.03).toFixed(1)}">${escapeXml(subline.toUpperCase())}</text>`;
}

/** A project's thumbnail: the poster, 1200 × 900 (4:3), as JPEG for the upload path to re-encode. */
export async function renderPoster(input: PosterInput): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${posterBody(input, width, height, 'g')}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

/**
 * An execution photo: the poster as it ran, on a station light box, a street screen or a bus side,
 * with the place drawn around it. `shot` varies the framing between the photos of one project.
 */
export async function renderExecutionPhoto(input: PosterInput, scene: PhotoScene, shot: number): Promise<Buffer> {
  const random = randomFrom(input.seed * 31 + shot);
  const scale = 0.78 + random() * 0.12;
  const pw = Math.round(width * 0.62 * scale);
  const ph = scene === 'bus' ? Math.round(pw * 0.32) : Math.round((pw * 3) / 4);
  const px = Math.round((width - pw) / 2 + (random() - 0.5) * 120);
  const py = Math.round(scene === 'screen' ? height * 0.16 : scene === 'bus' ? height * 0.38 : height * 0.2);
  const inner = posterBody(input, pw, ph, 'p');
  const background =
    scene === 'screen'
      ? `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1b2340"/><stop offset="1" stop-color="#3a3f55"/></linearGradient>`
      : scene === 'bus'
        ? `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9cc3e6"/><stop offset="0.55" stop-color="#dfe8ef"/><stop offset="0.56" stop-color="#6b6f76"/><stop offset="1" stop-color="#4a4d52"/></linearGradient>`
        : `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d9dde2"/><stop offset="0.7" stop-color="#b9bec6"/><stop offset="0.71" stop-color="#8d939c"/><stop offset="1" stop-color="#6f757e"/></linearGradient>`;
  const surroundings: string[] = [];
  if (scene === 'screen') {
    // Buildings' lit windows around the screen.
    for (let index = 0; index < 40; index += 1) {
      const x = random() * width;
      const y = height * 0.05 + random() * height * 0.8;
      surroundings.push(`<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="18" height="26" fill="#ffd98a" fill-opacity="${(0.2 + random() * 0.5).toFixed(2)}"/>`);
    }
    surroundings.push(`<rect x="${px - 24}" y="${py - 24}" width="${pw + 48}" height="${ph + 48}" fill="#111"/>`);
    surroundings.push(`<rect x="0" y="${height * 0.86}" width="${width}" height="${height * 0.14}" fill="#202434"/>`);
  } else if (scene === 'bus') {
    surroundings.push(`<rect x="${px - 160}" y="${py - 120}" width="${pw + 320}" height="${ph + 260}" rx="36" fill="#f4f4f2"/>`);
    for (let index = 0; index < 5; index += 1) surroundings.push(`<rect x="${px - 130 + index * ((pw + 260) / 5)}" y="${py - 100}" width="${(pw + 260) / 5 - 20}" height="80" rx="10" fill="#5d7183"/>`);
    surroundings.push(`<circle cx="${px - 40}" cy="${py + ph + 140}" r="58" fill="#222"/><circle cx="${px + pw + 40}" cy="${py + ph + 140}" r="58" fill="#222"/>`);
  } else {
    // A station wall: tiles, then the light box's frame and its glow.
    for (let x = 0; x < width; x += 100) surroundings.push(`<line x1="${x}" y1="0" x2="${x}" y2="${height * 0.7}" stroke="#c9cdd3" stroke-width="3"/>`);
    surroundings.push(`<rect x="${px - 30}" y="${py - 30}" width="${pw + 60}" height="${ph + 60}" rx="8" fill="#2c2f33"/>`);
    surroundings.push(`<rect x="${px - 50}" y="${py - 50}" width="${pw + 100}" height="${ph + 100}" rx="14" fill="#fff" fill-opacity="0.25"/>`);
  }
  // A passer-by or two in silhouette, for scale.
  const people = scene === 'screen' ? 3 : 2;
  for (let index = 0; index < people; index += 1) {
    const x = 120 + random() * (width - 240);
    const h = 230 + random() * 90;
    surroundings.push(`<g fill="#1f2329" fill-opacity="0.78"><circle cx="${x.toFixed(0)}" cy="${(height - h).toFixed(0)}" r="${(h * 0.1).toFixed(0)}"/><rect x="${(x - h * 0.13).toFixed(0)}" y="${(height - h * 0.88).toFixed(0)}" width="${(h * 0.26).toFixed(0)}" height="${(h * 0.9).toFixed(0)}" rx="${(h * 0.08).toFixed(0)}"/></g>`);
  }
  const foreground = surroundings.slice(-people).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>${background}</defs>
    <rect width="${width}" height="${height}" fill="url(#bg)"/>
    ${surroundings.slice(0, -people).join('')}
    <svg x="${px}" y="${py}" width="${pw}" height="${ph}" viewBox="0 0 ${pw} ${ph}">${inner}</svg>
    ${foreground}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

/**
 * The photo as a phone would leave it: EXIF with the time it was taken (KST, with its offset) and
 * where, in degrees, minutes and seconds. The proof service reads both and publishes the photo
 * without them.
 */
export function withCaptureExif(photo: Buffer, takenAt: Date, place: { latitude: number; longitude: number }): Promise<Buffer> {
  const kst = new Date(takenAt.getTime() + 9 * 3_600_000).toISOString();
  const wallClock = `${kst.slice(0, 10).replaceAll('-', ':')} ${kst.slice(11, 19)}`;
  const dms = (degrees: number) => {
    const whole = Math.floor(degrees);
    const minutes = Math.floor((degrees - whole) * 60);
    const seconds = Math.round(((degrees - whole) * 60 - minutes) * 60 * 1000);
    return `${whole}/1 ${minutes}/1 ${seconds}/1000`;
  };
  return sharp(photo)
    .withExif({
      IFD0: { Make: 'Orchard demo' },
      IFD2: { DateTimeOriginal: wallClock, OffsetTimeOriginal: '+09:00' },
      IFD3: { GPSLatitudeRef: place.latitude >= 0 ? 'N' : 'S', GPSLatitude: dms(Math.abs(place.latitude)), GPSLongitudeRef: place.longitude >= 0 ? 'E' : 'W', GPSLongitude: dms(Math.abs(place.longitude)) },
    })
    .jpeg({ quality: 88 })
    .toBuffer();
}
