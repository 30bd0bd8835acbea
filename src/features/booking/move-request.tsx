// Moving a pending request to another time (POST v1/requests/{id}/reschedule), from its details: a
// dialog with the same teacher's calendar of free times for the same length (no "now": a move is to a
// scheduled time), the chosen time on both clocks, and a confirm. The server checks the new time as it
// checks a booking; when it was just taken the dialog says so, keeps itself open and reloads the times.
// On an approved session the same dialog sends a proposal instead: either side proposes, the session
// keeps its time until the other side accepts.
// It belongs to booking (choosing a time with a teacher); the session details draw it where the request
// machine offers `reschedule`, so the app's route hands it in.
import { useId, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toFailure } from '../../../contract/failure';
import type { RequestDetail } from '../../../contract/requests';
import { moveRequest, putRequest, refreshAfterRequestChange } from '../../api/requests';
import { deviceZone } from '../../domain/time';
import { requestActionTexts } from '../../domain/request-status';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';
import { availabilityQuery, refreshAvailability } from '../../api/availability';
import { ChosenTime } from './booking-when';
import { SlotPicker } from './slot-picker';
import './booking.css';

export interface MoveRequestProps {
  request: Pick<RequestDetail, 'id' | 'teacher' | 'duration_hours' | 'starts_at' | 'status'>;
  /** Who is moving it: on an approved session, the proposal goes to the other side. */
  role?: 'student' | 'teacher';
  /** Tests pin the zone; the app uses the device's. */
  timeZone?: string;
}

export function MoveRequest({ request, timeZone, role = 'student' }: MoveRequestProps) {
  const proposing = request.status === 'approved';
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState('');
  const [viewerZone] = useState(() => timeZone ?? deviceZone());
  const labelId = useId();
  const problemId = useId();
  const availability = useQuery({ ...availabilityQuery(request.teacher.id, request.duration_hours), enabled: open });
  const move = useMutation({
    mutationFn: (startsAt: string) => moveRequest(request.id, startsAt),
    // Every refusal is told inside the dialog, next to the calendar it is about.
    meta: { silent: true },
    onSuccess: (detail) => {
      putRequest(queryClient, detail, i18n.locale);
      setOpen(false);
      setChosen('');
      toast.show({
        severity: 'success',
        summary: proposing
          ? role === 'student'
            ? t`The new time was sent to the teacher. The session keeps its time until they accept.`
            : t`The new time was sent to the family. The session keeps its time until they accept.`
          : t`The request was moved. The teacher has been told.`,
      });
      void refreshAfterRequestChange(queryClient);
    },
    onError: (error) => {
      if (toFailure(error).code === 'slot_taken') {
        setChosen('');
        void refreshAvailability(queryClient);
      }
    },
  });
  const failure = move.error ? toFailure(move.error) : null;
  const problem = failure
    ? failure.code === 'slot_taken'
      ? t`That time was just taken. Please choose another.`
      : (failure.message ??
        (proposing ? t`The new time could not be proposed. Please try again.` : t`The request could not be moved. Please try again.`))
    : null;
  // The request's own time is not a move.
  const slots = availability.data?.slots.filter((s) => Date.parse(s) !== Date.parse(request.starts_at)) ?? [];

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) move.reset();
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="secondary" data-action="reschedule">
          {proposing ? <Trans>Propose another time</Trans> : i18n._(requestActionTexts.reschedule)}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="confirm-dialog-overlay" />
        <Dialog.Content className="confirm-dialog move-request-dialog">
          <Dialog.Title className="confirm-dialog-title">
            {proposing ? <Trans>Propose another time</Trans> : <Trans>Move to another time</Trans>}
          </Dialog.Title>
          <Dialog.Description asChild>
            <p>
              {!proposing ? (
                <Trans>
                  The request stays with the same teacher, for the same length, and nothing is charged again. The teacher is told of the new
                  time and can still accept or decline it.
                </Trans>
              ) : role === 'student' ? (
                <Trans>
                  The session keeps its current time until the teacher accepts the new one; nothing is charged again. If the teacher
                  declines or does not answer in time, nothing changes.
                </Trans>
              ) : (
                <Trans>
                  The session keeps its current time until the family accepts the new one. If they decline or do not answer in time, nothing
                  changes.
                </Trans>
              )}
            </p>
          </Dialog.Description>
          <div className="field">
            <span className="field-label" id={labelId}>
              <Trans>Choose a new time</Trans>
            </span>
            {availability.isPending ? (
              <p role="status">
                <Trans>Loading the free times…</Trans>
              </p>
            ) : availability.isError ? (
              <p role="alert">
                <Trans>The free times could not be loaded.</Trans>{' '}
                <Button variant="secondary" onClick={() => void availability.refetch()}>
                  <Trans>Try again</Trans>
                </Button>
              </p>
            ) : (
              <SlotPicker
                slots={slots}
                from={availability.data.from}
                to={availability.data.to}
                now={false}
                value={chosen}
                onChange={(value) => {
                  setChosen(value);
                  if (move.isError) move.reset();
                }}
                teacherZone={availability.data.time_zone}
                teacherGender={null}
                viewerZone={viewerZone}
                labelId={labelId}
                describedBy={problem ? problemId : undefined}
                invalid={problem !== null}
              />
            )}
            {chosen ? (
              <ChosenTime iso={chosen} viewerZone={viewerZone} teacherZone={availability.data?.time_zone ?? null} teacherGender={null} />
            ) : null}
            {problem ? (
              <p id={problemId} className="field-error" role="alert">
                {problem}
              </p>
            ) : null}
          </div>
          <div className="confirm-dialog-actions">
            <Dialog.Close asChild>
              <Button variant="ghost">
                <Trans>Keep the current time</Trans>
              </Button>
            </Dialog.Close>
            <Button onClick={() => move.mutate(chosen)} disabled={!chosen || move.isPending} data-action="confirm-reschedule">
              {proposing ? <Trans>Send the proposal</Trans> : <Trans>Move the request</Trans>}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
