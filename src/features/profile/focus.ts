// Moves focus to the first invalid control once the re-render that marks it has landed. The shared
// ui/form-helpers focusFirstInvalid looks one animation frame later, which in Chromium can come before
// React commits aria-invalid (seen in e2e: focus stayed on the submit button); this retries a few frames.
export function focusFirstInvalidSoon(formElement: HTMLFormElement | null, frames = 10): void {
  const attempt = (left: number) =>
    requestAnimationFrame(() => {
      const target = formElement?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (target) target.focus();
      else if (left > 0) attempt(left - 1);
    });
  attempt(frames);
}
