// The React contexts of TanStack Form's composition API (createFormHookContexts): `form.AppField` puts
// its field here, so a field component reads it with `useFieldContext` instead of taking it as a prop.
// Kept apart from the form hook (src/domain/app-form.tsx) so ui/ primitives can read a field too.
import { createFormHookContexts } from '@tanstack/react-form';

export const { fieldContext, formContext, useFieldContext } = createFormHookContexts();
