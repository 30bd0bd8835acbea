// The family's filter by child on the requests list: a labelled native list (keyboard and phone
// pickers for free), shown only when the family has more than one active child. The chosen child
// lives in the address like the other filters, so the caller owns it. An archived child stays
// choosable while the address names them (their lessons are kept in the history).
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { childrenQuery } from '../../api/children';
import { childLabel } from '../../domain/child-label';
import { Field } from '../../ui/field';
import { SelectInput } from '../../ui/select-input';

export interface ChildFilterProps {
  value: number | undefined;
  onChange: (childId: number | undefined) => void;
}

export function ChildFilter({ value, onChange }: ChildFilterProps) {
  const { t, i18n } = useLingui();
  const children = useQuery(childrenQuery(i18n.locale, { includeArchived: true }));
  const list = children.data ?? [];
  if (list.filter((c) => !c.archived).length < 2) return null;
  const shown = list.filter((c) => !c.archived || c.id === value);
  const options = shown.map((c) => ({ value: String(c.id), label: childLabel(c, 'student') }));
  return (
    <Field label={<Trans>Child</Trans>} id="requests-child" className="requests-child-filter">
      {(control) => (
        <SelectInput
          {...control}
          options={options}
          placeholder={t`All children`}
          value={value === undefined ? '' : String(value)}
          onChange={(next) => onChange(/^\d+$/.test(next) ? Number(next) : undefined)}
        />
      )}
    </Field>
  );
}
