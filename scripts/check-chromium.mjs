// The e2e suite drives the system Chromium; say how to get it when it is missing.
import fs from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(path)) {
  console.error(
    `\nChromium was not found at ${path}.\n` +
      "The end-to-end tests run in the system Chromium (a test tool's own browser download is not available here).\n" +
      'Install it with:  apt-get install -y chromium   (Debian/Ubuntu)\n' +
      'or point CHROMIUM_PATH at another Chromium or Chrome binary.\n',
  );
  process.exit(1);
}
