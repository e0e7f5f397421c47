import type { RouteDef } from '@hh/contract/route';
import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { z } from 'zod';
import { ApiError } from './api.ts';

type BodyOf<R extends RouteDef> = R['body'] extends z.ZodType ? z.input<R['body']> : never;

/**
 * A portal form whose rules are the route table entry's body schema (decision 0006): the same zod
 * schema the server validates with runs on every submit (and on blur of a touched field), so a
 * field's rule and its message are written once, in packages/contract, and shown before any
 * request is sent. `toBody` maps the form's values to the request body when the two differ (a
 * switch for a status, an empty text for an absent field); the errors of the body's paths are
 * shown on the form's fields of the same names, or of the names `fieldOf` gives them.
 */
export function useContractForm<R extends RouteDef, V extends Record<string, unknown>>(
  entry: R,
  opts: {
    initialValues: V;
    toBody: (values: V) => BodyOf<R>;
    fieldOf?: (bodyPath: string) => string;
    /** A stricter schema from the contract for what this screen sends (it must accept only bodies the entry accepts). */
    schema?: z.ZodType;
  },
): UseFormReturnType<V> & { body: () => BodyOf<R>; showServerErrors: (err: unknown) => void } {
  if (!entry.body) throw new Error(`${entry.method} ${entry.path} has no body schema`);
  const resolve = zod4Resolver(opts.schema ?? entry.body);
  const fieldOf = opts.fieldOf ?? ((path: string) => path);
  const rename = (errors: FormErrors): FormErrors => Object.fromEntries(Object.entries(errors).map(([path, e]) => [fieldOf(path), e]));
  const form = useForm<V>({
    mode: 'controlled',
    initialValues: opts.initialValues,
    validateInputOnBlur: true,
    validate: (values) => rename(resolve(opts.toBody(values) as Record<string, unknown>)),
  });
  return Object.assign(form, {
    body: () => opts.toBody(form.getValues()),
    /** The server's `errorMsg` keys go under the fields they name (keys that name no field show nowhere). */
    showServerErrors: (err: unknown) => {
      if (!(err instanceof ApiError)) return;
      form.setErrors(Object.fromEntries(Object.entries(err.errorMsg).map(([k, v]) => [fieldOf(k), v[0]])));
    },
  });
}
