// The capture link as a QR code (docs/staff.md "QR code"), so staff can hand it to someone standing at the car: an
// SVG drawn by the qrcode package, scalable and crisp at any size on screen or paper.
import QRCode from 'qrcode';

export function captureQrSvg(captureUrl: string): Promise<string> {
  // Medium error correction survives a smudged print; a quiet zone of 4 modules is what scanners expect.
  return QRCode.toString(captureUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}
