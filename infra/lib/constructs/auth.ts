// Sign-in: a Cognito user pool (email + password, TOTP as the only second factor) and the web app's client.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { ADMIN_GROUP } from '@chartside/shared';
import {
  AccountRecovery,
  CfnUserPoolGroup,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

export interface AuthProps {
  /**
   * `required` makes every user enrol TOTP at first sign-in. Decide before the first deploy: Cognito accepts
   * required MFA only when the pool is created.
   */
  readonly mfa: 'optional' | 'required';
}

export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      autoVerify: { email: true },
      keepOriginal: { email: true },
      // Clinicians are invited by an administrator (AdminCreateUser); nobody signs themselves up.
      selfSignUpEnabled: false,
      mfa: props.mfa === 'required' ? Mfa.REQUIRED : Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Plus tier: compromised-credential checks and adaptive authentication (blocks risky sign-ins).
      featurePlan: FeaturePlan.PLUS,
      standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.client = this.userPool.addClient('WebClient', {
      generateSecret: false,
      // SRP for Amplify in the browser; USER_PASSWORD_AUTH for the flows the local runtime also supports.
      authFlows: { userSrp: true, userPassword: true },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(7),
      enableTokenRevocation: true,
    });

    // Its members may use the administrator pages (the file cleaner); the API reads cognito:groups from the access token.
    new CfnUserPoolGroup(this, 'AdminGroup', {
      userPoolId: this.userPool.userPoolId,
      groupName: ADMIN_GROUP,
      description: 'Chartside administrators: may use the file cleaner',
    });

    if (props.mfa === 'optional') {
      acknowledge(this.userPool, {
        'AwsSolutions-COG2':
          'MFA is optional only by explicit deploy config (context mfa=optional); TOTP enrolment is offered to every user, and mfa=required enforces it.',
      });
    }
  }
}
