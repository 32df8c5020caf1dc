/**
 * /login (spec §2): username — a username, e-mail or MyKad — and password.
 * Calls `POST /api/login { username, password }` → `{ user, token }`; on success the session is stored
 * (`id_token`, `LOGGED_USER`; DESIGN.md §4) and the user goes to /dashboard. Staff, officer and admin get
 * `{ two_factor_required, enrolment_required, challenge }` instead and go on to /login/two-factor (or its
 * /enrol page) with the challenge in the navigation state (ADR 0081). A 422 (wrong credentials,
 * throttled) is shown on its field and by the API client's toast + dialog (spec §8); typed values stay.
 * A 429 of the per-account lock (`unlock: true`; issue 36 item 2, ADR 0227) is shown above the form with the way
 * past it: a code sent to the account's own e-mail or phone ({@link UnlockByCode}).
 *
 * The page checks only what the domain's `loginSchema` requires of a typed value (both fields filled in, the
 * username after trimming; message key `validation.required`) in a few lines of its own instead of zod and
 * react-hook-form: those are ~35 kB of the first load the page must keep under 150 kB (issue 18 item 4;
 * ADR 0143). The server validates the body with `loginSchema` and its 422 is shown on the fields.
 */
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormError } from '@/components/FormError.tsx';
import { applyServerErrors, errorText } from '@/components/form-errors.ts';
import { PasswordField } from '@/components/PasswordField.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { session } from '@/lib/storage.ts';
import { AuthCard } from './AuthCard.tsx';
import { type LoginAnswer, UnlockByCode } from './UnlockByCode.tsx';

type Field = 'username' | 'password';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

/** `loginSchema`'s "required" (packages/domain/src/validation/auth.ts): message keys by field, empty when valid. */
export function checkLogin(values: Values): Errors {
  const errors: Errors = {};
  if (values.username.trim() === '') errors.username = 'validation.required';
  if (values.password === '') errors.password = 'validation.required';
  return errors;
}

/** The login page. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const [values, setValues] = useState<Values>({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  /** The per-account lock answered: offer the unlock code. */
  const [locked, setLocked] = useState(false);
  const refs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const focus = (field: Field) => refs[field].current?.focus();

  /** A field as typed; its error goes once it is changed (it is checked again on submit). */
  const bind = (field: Field) => ({
    ref: refs[field],
    value: values[field],
    onChange: (e: { currentTarget: HTMLInputElement }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
      setErrors(({ [field]: _gone, ...rest }) => rest);
    },
  });

  /** A login's answer: the session, or the second factor's page. */
  function finish(r: LoginAnswer) {
    if ('two_factor_required' in r) {
      // Staff, officer and admin finish with a second factor (issue 11; ADR 0081): enrol or enter a code.
      const next = r.enrolment_required ? '/login/two-factor/enrol' : '/login/two-factor';
      navigate(next, { state: { challenge: r.challenge } });
      return;
    }
    session.set(r.user, r.token);
    navigate('/dashboard');
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (isSubmitting) return;
    const invalid = checkLogin(values);
    setErrors(invalid);
    const first = (['username', 'password'] as const).find((f) => invalid[f]);
    if (first) {
      focus(first);
      return;
    }
    setFormError(null);
    setLocked(false);
    setSubmitting(true);
    try {
      finish(
        await api.post<LoginAnswer>('login', {
          username: values.username.trim(),
          password: values.password,
        }),
      );
    } catch (err) {
      setLocked(err instanceof ApiError && err.status === 429 && (err.data as { unlock?: boolean })?.unlock === true);
      const placed: Errors = {};
      const left = applyServerErrors<Values>(
        err,
        (field, error, options) => {
          placed[field as Field] = error.message;
          if (options?.shouldFocus) setTimeout(() => focus(field as Field), 0);
        },
        ['username', 'password'],
      );
      setErrors(placed);
      setFormError(left);
      // Shown once, above the form (announced: role="alert"); focus goes back to the field to retype.
      if (left) setTimeout(() => focus('password'), 0);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title={t('auth.login.title')} intro={t('auth.login.intro')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormError message={formError} />
          <TextInput
            label={t('auth.fields.login_username')}
            autoComplete="username"
            required
            error={errorText(t, errors.username)}
            {...bind('username')}
          />
          <PasswordField
            label={t('auth.fields.password')}
            autoComplete="current-password"
            required
            error={errorText(t, errors.password)}
            {...bind('password')}
          />
          <Group justify="space-between">
            <Anchor component={Link} to="/password-create" size="sm">
              {t('auth.login.forgot')}
            </Anchor>
            <Button type="submit" loading={isSubmitting}>
              {t('auth.login.submit')}
            </Button>
          </Group>
          <Text size="sm">
            {t('auth.login.no_account')}{' '}
            <Anchor component={Link} to="/sign-up">
              {t('auth.login.sign_up_link')}
            </Anchor>
          </Text>
        </Stack>
      </form>
      {locked ? <UnlockByCode username={values.username} password={values.password} onDone={finish} /> : null}
    </AuthCard>
  );
}
