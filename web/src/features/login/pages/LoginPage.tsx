// Login: email and password, then a 6-digit code when the account has a second factor (or, when the deployment
// requires one and the account has none, setting up an authenticator app), then the session step and Home.
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { TotpSetupForm } from '../../../components/TotpSetupForm';
import { confirmSignInCode, prepareSignIn, signInWithPassword, type SignInProgress, type TotpSetup } from '../../../platform/auth/sign-in';
import { signInErrorMessage } from '../../../platform/auth/sign-in-error-message';
import { whenIdle } from '../../../platform/when-idle';
import { CodeForm } from '../components/CodeForm';
import { PasswordForm } from '../components/PasswordForm';

type Step = { step: 'password' } | { step: 'code' } | { step: 'totp-setup'; setup: TotpSetup };

export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ step: 'password' });
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);

  // Nothing of the last user stays in memory once the signed-in pages are gone (every sign-out path ends here).
  useEffect(() => queryClient.clear(), [queryClient]);
  useEffect(() => whenIdle(prepareSignIn), []);

  const attempt = async (signInStep: () => Promise<SignInProgress>) => {
    setPending(true);
    try {
      const progress = await signInStep();
      if (progress.step === 'code-required') return setStep({ step: 'code' });
      if (progress.step === 'totp-setup') return setStep({ step: 'totp-setup', setup: progress.setup });
      // A new user starts with an empty cache, whoever used this tab before.
      queryClient.clear();
      await navigate('/', { replace: true, state: { freshSignIn: true } });
    } catch (error) {
      notifications.show({ title: 'Trouble Logging In', message: signInErrorMessage(error), color: 'red' });
    } finally {
      setPending(false);
    }
  };

  const startOver = () => setStep({ step: 'password' });

  return (
    <Box component="main">
      <Center mih="100dvh" p="md">
        <Paper withBorder shadow="sm" p="xl" w="100%" maw={420}>
          <Stack>
            <Title order={1}>Chartside</Title>
            {step.step === 'password' && (
              <>
                <Text>Sign in with your email and password.</Text>
                <PasswordForm
                  pending={pending}
                  onSubmit={(address, password) => {
                    setEmail(address);
                    void attempt(() => signInWithPassword(address, password));
                  }}
                />
              </>
            )}
            {step.step === 'code' && (
              <>
                <Text>Enter the 6-digit code from your authenticator app.</Text>
                <CodeForm pending={pending} onSubmit={(code) => void attempt(() => confirmSignInCode(code, email))} onStartOver={startOver} />
              </>
            )}
            {step.step === 'totp-setup' && (
              <>
                <Title order={2} size="h3">
                  Set up an authenticator app
                </Title>
                <Text>Your organization requires a second step at sign-in: a code from an authenticator app on your phone.</Text>
                <TotpSetupForm
                  uri={step.setup.uri}
                  secret={step.setup.secret}
                  pending={pending}
                  onVerify={(code) => void attempt(() => confirmSignInCode(code, email))}
                  onCancel={startOver}
                  cancelLabel="Use a different account"
                />
              </>
            )}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
