import { PASSWORD_MAX, PASSWORD_MIN } from '@contract/limits';
import { MESSAGES } from '@contract/texts';
import { Form, Input } from 'antd';

/** A new password and its repetition, checked against each other (registration, reset). */
export function NewPasswordFields({ label = '密码' }: { label?: string }) {
  return (
    <>
      <Form.Item
        label={label}
        name="password"
        rules={[
          { required: true, message: '请输入密码' },
          { min: PASSWORD_MIN, max: PASSWORD_MAX, message: MESSAGES.passwordLength },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={`重复${label}`}
        name="repeat"
        dependencies={['password']}
        rules={[
          { required: true, message: '请再次输入密码' },
          ({ getFieldValue }) => ({
            validator: (_, v: string) =>
              !v || getFieldValue('password') === v ? Promise.resolve() : Promise.reject(new Error(MESSAGES.passwordMismatch)),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
