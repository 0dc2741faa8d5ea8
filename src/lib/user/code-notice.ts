import { platformConfig } from '../platform.ts';

/**
 * The toast after a code was requested: "sent to …" only where a mail or SMS transport takes it off the server;
 * otherwise the honest note that it waits in the operator's outbox. codeNotice('email') → 'msg.codeInOutbox' on a
 * default install.
 */
export function codeNotice(channel: 'email' | 'sms'): { kind: 'success' | 'info'; key: string } {
  return platformConfig().deliversCodes[channel]
    ? { kind: 'success', key: 'msg.codeSent' }
    : { kind: 'info', key: 'msg.codeInOutbox' };
}
