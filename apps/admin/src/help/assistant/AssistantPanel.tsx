import { ArrowRightOutlined, BookOutlined, PlayCircleOutlined, SendOutlined } from "@ant-design/icons";
import { HELP_QUESTION_MAX_LENGTH, type HelpAskResult, helpPath } from "@csc/shared";
import { useMutation } from "@tanstack/react-query";
import { Alert, Button, Drawer, Form, Input, Typography } from "antd";
import type { TextAreaRef } from "antd/es/input/TextArea";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLanguage } from "../../shell/providers/i18n";
import { useSession } from "../../shell/session/SessionContext";
import { askAssistant, languageOfQuestion } from "./ask";
import "./assistant.css";

interface Exchange {
  id: number;
  question: string;
  result: HelpAskResult;
}

/** One answer of the assistant: the article, its screen in the asker's menu and its video. */
function Answers({ result, onNavigate }: { result: HelpAskResult; onNavigate: () => void }) {
  const { t } = useTranslation("help");
  const { role } = useSession();
  if (!result.known) {
    return (
      <p className="csc-assistant__unknown" data-testid="assistant-unknown">
        {t("assistant.unknown")}
      </p>
    );
  }
  return (
    <ol className="csc-assistant__answers" data-testid="assistant-answers">
      {result.answers.map((answer) => (
        <li key={answer.slug} className="csc-assistant__answer" data-testid="assistant-answer" data-slug={answer.slug}>
          <Link to={`${helpPath(role)}?article=${answer.slug}`} onClick={onNavigate} className="csc-assistant__title">
            <BookOutlined aria-hidden="true" /> {answer.title}
          </Link>
          <Typography.Paragraph className="csc-assistant__excerpt">{answer.excerpt}</Typography.Paragraph>
          <div className="csc-assistant__links">
            {answer.path ? (
              <Link to={answer.path} onClick={onNavigate} data-testid="assistant-screen-link">
                {t("assistant.openScreen")} <ArrowRightOutlined aria-hidden="true" />
              </Link>
            ) : null}
            {answer.tutorial?.hasVideo ? (
              <Link to={`${helpPath(role)}#tutorial-${answer.tutorial.id}`} onClick={onNavigate}>
                <PlayCircleOutlined aria-hidden="true" /> {t("assistant.watch", { title: answer.tutorial.title })}
              </Link>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The assistant: asked in English or Nepali, it answers from the help the asker may read. */
export default function AssistantPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("help");
  const language = useLanguage();
  const [form] = Form.useForm<{ question: string }>();
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  // opened, the panel is for asking: the question field takes the keyboard
  const questionRef = useRef<TextAreaRef>(null);
  const ask = useMutation({
    mutationFn: (question: string) => askAssistant(question, languageOfQuestion(question, language)),
    onSuccess: (result, question) => {
      setExchanges((current) => [...current, { id: current.length + 1, question, result }]);
      form.resetFields();
    },
  });
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t("assistant.title")}
      placement="right"
      width={400}
      data-testid="assistant-panel"
      className="csc-assistant"
      afterOpenChange={(visible) => {
        if (visible) questionRef.current?.focus();
      }}
    >
      <Typography.Paragraph type="secondary">{t("assistant.intro")}</Typography.Paragraph>
      <div className="csc-assistant__log" aria-live="polite">
        {exchanges.map((exchange) => (
          <section key={exchange.id} className="csc-assistant__exchange" aria-label={exchange.question}>
            <p className="csc-assistant__question">{exchange.question}</p>
            <Answers result={exchange.result} onNavigate={onClose} />
          </section>
        ))}
      </div>
      {ask.isError ? <Alert type="error" showIcon message={t("assistant.failed")} /> : null}
      <Form
        form={form}
        layout="vertical"
        onFinish={({ question }) => ask.mutate(question.trim())}
        requiredMark={false}
        className="csc-assistant__form"
      >
        <Form.Item
          name="question"
          label={t("assistant.question")}
          rules={[{ required: true, whitespace: true, message: t("assistant.questionRequired") }]}
        >
          <Input.TextArea
            ref={questionRef}
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={HELP_QUESTION_MAX_LENGTH}
            placeholder={t("assistant.placeholder")}
            data-testid="assistant-question"
            onPressEnter={(event) => {
              if (!event.shiftKey) {
                event.preventDefault();
                form.submit();
              }
            }}
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SendOutlined />}
          loading={ask.isPending}
          data-testid="assistant-ask"
        >
          {t("assistant.ask")}
        </Button>
      </Form>
    </Drawer>
  );
}
