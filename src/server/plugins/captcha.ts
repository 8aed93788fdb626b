import fp from 'fastify-plugin';
import { loadBank } from '../captcha/bank.js';
import { createCaptchaService } from '../captcha/captcha.service.js';
import type { CaptchaService } from '../captcha/captcha.service.js';
declare module 'fastify' {
  interface FastifyInstance {
    captcha: CaptchaService;
  }
}

/** The captcha bank (CAPTCHA_QUESTIONS_FILE, checked at start) and the service issuing from it. */
export default fp(
  async (app) => {
    app.decorate(
      'captcha',
      createCaptchaService(loadBank(app.config.captchaQuestionsFile), app.relaxedWrites, app.clock),
    );
  },
  { name: 'captcha', fastify: '5.x', dependencies: ['database'] },
);
