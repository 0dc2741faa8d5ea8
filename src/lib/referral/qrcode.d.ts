/** The part of the qrcode package (no types of its own) the invite QR uses: an SVG document of the text. */
declare module 'qrcode' {
  interface SvgOptions {
    type: 'svg';
    margin?: number;
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
  }
  const QRCode: { toString(text: string, options: SvgOptions): Promise<string> };
  export default QRCode;
}
