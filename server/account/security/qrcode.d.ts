/** The part of the qrcode package this server uses (it ships no types). */
declare module 'qrcode' {
  interface QRCodeOptions {
    type?: 'svg' | 'utf8' | 'terminal';
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
    margin?: number;
  }
  const QRCode: { toString(text: string, options?: QRCodeOptions): Promise<string> };
  export default QRCode;
}
