import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { Button } from './primitives.tsx';
import { thumbnailAspect } from './thumbnail-image.ts';

/**
 * The 4 : 3 crop of a chosen picture (react-easy-crop, in this lazily loaded chunk). Its styles
 * come from the package's stylesheet: an injected <style> element would break the page's CSP.
 */
export default function ThumbnailCropper({ imageUrl, busy, texts, onCrop }: { imageUrl: string; busy: boolean; texts: { zoom: string; useCrop: string }; onCrop(area: Area): void }) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  return (
    <div className="stack">
      <div className="crop-area">
        <Cropper
          image={imageUrl}
          crop={crop}
          zoom={zoom}
          aspect={thumbnailAspect}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
          disableAutomaticStylesInjection
        />
      </div>
      <label className="field-label">
        {texts.zoom}
        <input type="range" min={1} max={3} step={0.05} value={zoom} onChange={(event) => setZoom(Number(event.target.value))} />
      </label>
      <Button block disabled={!area || busy} onClick={() => area && onCrop(area)}>
        {texts.useCrop}
      </Button>
    </div>
  );
}
