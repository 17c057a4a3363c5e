import { Form, Input } from 'antd';
import { MIN_PASSWORD_LENGTH, passwordLengthProblem } from '../../../common/password-rule';

/**
 * A new password typed twice, with the length rule both tiers share; the server's strength
 * check (easy to guess) answers with its own sentence. Field names: `password`, `confirm`.
 */
export function NewPasswordFields({ label = 'New password' }: { label?: string }) {
  return (
    <>
      <Form.Item
        name="password"
        label={label}
        extra={`At least ${MIN_PASSWORD_LENGTH} characters; several unrelated words are easy to remember and hard to guess.`}
        rules={[
          { required: true, message: 'Enter a password' },
          {
            validator: (_, value: string | undefined) => {
              const problem = value ? passwordLengthProblem(value) : undefined;
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="Repeat the password"
        dependencies={['password']}
        rules={[
          { required: true, message: 'Repeat the password' },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error('The two passwords are not the same')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
