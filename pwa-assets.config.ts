/*
 * Every PWA icon comes from ONE source, public/logo.svg (the same file the browser tab shows).
 * Regenerate after changing the logo, then commit the PNGs (nothing is generated at run time):
 *   npx pwa-assets-generator
 * The names stay the ones index.html and the web manifest (vite.config.ts) point at.
 */
import { defineConfig, type AssetType } from '@vite-pwa/assets-generator/config';

// --brand-600 in src/styles/tokens.css, the logo's own square.
const BRAND = '#4f46e5';

const names: Record<AssetType, (size: number) => string> = {
  transparent: (size) => `icons/icon-${size}.png`,
  maskable: (size) => `icons/icon-maskable-${size}.png`,
  apple: () => 'icons/apple-touch-icon.png',
};

export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    // "any" icons: the logo as it is (rounded square, transparent corners).
    transparent: { sizes: [192, 512], padding: 0 },
    // Maskable: a full-bleed brand square, the mark inside the 80 % safe circle (padding 0.2
    // puts its farthest stroke at 37 % of the width from the centre; the limit is 40 %).
    maskable: { sizes: [512], padding: 0.2, resizeOptions: { background: BRAND } },
    // iOS draws its own rounded mask over an opaque square.
    apple: { sizes: [180], padding: 0.12, resizeOptions: { background: BRAND } },
    assetName: (type, size) => names[type](size.width),
  },
  images: ['public/logo.svg'],
});
