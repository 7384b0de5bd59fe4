// Login: email and password, then a 6-digit code when the account has a second factor, then Home.
import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { confirmSignInCode, signInWithPassword, type SignInProgress } from '../../../platform/auth/sign-in';
import { CodeForm } from '../components/CodeForm';
import { PasswordForm } from '../components/PasswordForm';
import { signInErrorMessage } from '../sign-in-error-message';

type Step = 'password' | 'code';

export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('password');
  const [pending, setPending] = useState(false);

  const attempt = async (signInStep: () => Promise<SignInProgress>) => {
    setPending(true);
    try {
      const progress = await signInStep();
      if (progress === 'code-required') {
        setStep('code');
        return;
      }
      // A new user starts with an empty cache, whoever used this tab before.
      queryClient.clear();
      await navigate('/', { replace: true });
    } catch (error) {
      notifications.show({ title: 'Trouble Logging In', message: signInErrorMessage(error), color: 'red' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <Stack>
          <Title order={1}>Chartside</Title>
          {step === 'password' ? (
            <>
              <Text>Sign in with your email and password.</Text>
              <PasswordForm pending={pending} onSubmit={(email, password) => void attempt(() => signInWithPassword(email, password))} />
            </>
          ) : (
            <>
              <Text>Enter the 6-digit code from your authenticator app.</Text>
              <CodeForm
                pending={pending}
                onSubmit={(code) => void attempt(() => confirmSignInCode(code))}
                onStartOver={() => setStep('password')}
              />
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
