// Texts of the live session chosen by a value, as message descriptors so each appears once in the catalogs.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { NetworkQualityLabel } from '../../../machines/live-session.machine';

/** The spec's network-quality labels (§3). */
export const qualityTexts: Record<NetworkQualityLabel, MessageDescriptor> = {
  unknown: msg({ message: 'Unknown', context: 'network quality' }),
  excellent: msg({ message: 'Excellent', context: 'network quality' }),
  good: msg({ message: 'Good', context: 'network quality' }),
  slightlyImpaired: msg({ message: 'Slightly impaired', context: 'network quality' }),
  poor: msg({ message: 'Poor', context: 'network quality' }),
  veryPoor: msg({ message: 'Very poor', context: 'network quality' }),
  disconnected: msg({ message: 'Disconnected', context: 'network quality' }),
};
