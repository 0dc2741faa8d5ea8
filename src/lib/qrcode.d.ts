/**
 * The part of the qrcode package the platform uses (it ships no types): a QR code as SVG or text, on the server
 * (authenticator binding) and in the browser (invite link). One declaration under src/ serves both: tsc reads src/
 * and server/, astro check only src/.
 */
declare module 'qrcode' {
  interface QRCodeOptions {
    type?: 'svg' | 'utf8' | 'terminal';
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
    margin?: number;
  }
  const QRCode: { toString(text: string, options?: QRCodeOptions): Promise<string> };
  export default QRCode;
}
