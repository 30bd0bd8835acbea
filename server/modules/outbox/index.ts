// Messages that leave the system: the outbox runner and the channels' senders (e-mail, web push, SMS).
export { CHANNELS, runOutbox, queuedByChannel, /** @internal */ type ChannelSender, type OutboxOutcome } from './delivery';
export { createDevMailSender, createEmailSender } from './email';
export { createPushSender } from './push';
export { createSmsSender } from './sms';
