// A QR code drawn in the browser as SVG (the `qrcode` package): the secret it carries never leaves the page. The package
// loads when a code is first drawn, not with Login's chunk (it was half of it, for a set-up few sign-ins need).
import { Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

export interface QrCodeProps {
  value: string;
  /** The image's accessible name. */
  label: string;
  size?: number;
}

export function QrCode({ value, label, size = 200 }: QrCodeProps) {
  const [drawn, setDrawn] = useState<{ value: string; url: string } | undefined>();

  useEffect(() => {
    let current = true;
    import('qrcode')
      .then(({ toString: qrSvg }) => qrSvg(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } }))
      .then((svg) => current && setDrawn({ value, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }))
      .catch((error: unknown) => console.error('The QR code could not be drawn', error));
    return () => {
      current = false;
    };
  }, [value]);

  if (drawn?.value !== value) return <Skeleton width={size} height={size} aria-label={`${label} (loading)`} />;
  return <img src={drawn.url} alt={label} width={size} height={size} style={{ display: 'block', imageRendering: 'pixelated' }} />;
}
