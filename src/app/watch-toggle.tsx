// The footer's "watch this tab" switch: where the build allows live watching (development,
// or VITE_FLOWS_WATCH=1), a person chooses per tab whether the flows studio may follow it.
import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { setWatchThisTab, watchAvailable, watchThisTab } from '../bindings/watch';

export function WatchToggle() {
  const [on, setOn] = useState(watchThisTab);
  if (!watchAvailable()) return null;
  return (
    <label className="footer-watch" data-testid="watch-this-tab">
      <input
        type="checkbox"
        checked={on}
        onChange={(event) => {
          setWatchThisTab(event.target.checked);
          setOn(event.target.checked);
        }}
      />{' '}
      <Trans>Watch this tab in the flows studio</Trans>
    </label>
  );
}
