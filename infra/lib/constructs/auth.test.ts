import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, it } from 'vitest';
import { testStack } from '../testing';
import { Auth } from './auth';

const synth = (mfa: 'optional' | 'required') => {
  const stack = testStack();
  new Auth(stack, 'Auth', { mfa });
  return Template.fromStack(stack);
};

describe('Auth', () => {
  const optional = synth('optional');

  it('signs in by email, invite-only, TOTP as the only second factor, kept on delete', () => {
    optional.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        MfaConfiguration: 'OPTIONAL',
        EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
        AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
        DeletionProtection: 'ACTIVE',
        UserPoolTier: 'PLUS',
        UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
        Policies: {
          PasswordPolicy: {
            MinimumLength: 12,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
            RequireSymbols: true,
            TemporaryPasswordValidityDays: 3,
          },
        },
      }),
    });
  });

  it('has the admin group whose members may use the file cleaner', () => {
    optional.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin', UserPoolId: { Ref: Match.stringLikeRegexp('^AuthUserPool') } });
  });

  it('requires MFA when the deploy config says so', () => {
    synth('required').hasResourceProperties('AWS::Cognito::UserPool', { MfaConfiguration: 'ON' });
  });

  it('has a public SPA client: no secret, SRP and password auth, no user-existence leaks', () => {
    optional.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayEquals(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 10080,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
    });
  });
});
