// Texts of the requests screen chosen by a value (a filter), as message descriptors so each appears
// once in the catalogs. Status, type and action labels are shared with the session details (src/ui).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { RequestFilter } from '../../../contract/requests';

/** The spec's filters: all, new, current, finished, canceled, upcoming. */
export const filterTexts: Record<RequestFilter, MessageDescriptor> = {
  all: msg({ message: 'All', context: 'request filter' }),
  new: msg({ message: 'New', context: 'request filter' }),
  current: msg({ message: 'Current', context: 'request filter' }),
  finished: msg({ message: 'Finished', context: 'request filter' }),
  canceled: msg({ message: 'Canceled', context: 'request filter' }),
  upcoming: msg({ message: 'Upcoming', context: 'request filter' }),
};

/** What an empty list means under each filter. */
export const emptyTexts: Record<RequestFilter, MessageDescriptor> = {
  all: msg`There are no requests yet.`,
  new: msg`No requests are waiting for an answer.`,
  current: msg`No session is taking place right now.`,
  finished: msg`No finished sessions yet.`,
  canceled: msg`No canceled, rejected or expired requests.`,
  upcoming: msg`No upcoming sessions.`,
};
