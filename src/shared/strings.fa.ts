/**
 * Persian product copy that is not a field text (field texts live in schemas/).
 * One file per locale; client and server both read it.
 */
export const fa = {
  app: {
    headerTitle: 'سامانه یکپارچه مدیریت داروخانه',
    logoAlt: 'نشان سامانه',
  },
  registration: {
    defaultMessage: 'همکاران ما به‌زودی با شما تماس خواهند گرفت.',
    successMessage: 'اطلاعات شما ثبت شد. همکاران ما به‌زودی با شما تماس خواهند گرفت.',
    failedMessage: 'ثبت‌نام انجام نشد؛ لطفاً دوباره تلاش کنید.',
    successHeading: 'پیش‌ثبت‌نام با موفقیت انجام شد',
    failureHeading: 'پیش‌ثبت‌نام انجام نشد',
  },
  /** Fallback field messages, by JSON Schema keyword, when a field has no errorMessage of its own. */
  validation: {
    required: 'این بخش را کامل کنید.',
    type: 'مقدار این بخش درست نیست.',
    minLength: 'این بخش کوتاه‌تر از حد لازم است.',
    maxLength: 'این بخش بلندتر از حد مجاز است.',
    pattern: 'قالب این بخش درست نیست.',
    format: 'مقدار این بخش معتبر نیست.',
    enum: 'لطفاً یکی از گزینه‌ها را انتخاب کنید.',
    oneOf: 'لطفاً یکی از گزینه‌ها را انتخاب کنید.',
    const: 'لطفاً این گزینه را تأیید کنید.',
    minimum: 'مقدار این بخش کمتر از حد مجاز است.',
    maximum: 'مقدار این بخش بیشتر از حد مجاز است.',
    additionalProperties: 'این بخش در فرم ثبت‌نام شناخته‌شده نیست.',
    default: 'مقدار این بخش درست نیست.',
  },
  /** error.message of API failures, by error.code. */
  errors: {
    validation: 'برخی از اطلاعات فرم درست نیست؛ لطفاً موارد مشخص‌شده را اصلاح کنید.',
    captcha_invalid: 'پاسخ پرسش امنیتی درست نبود یا زمان آن گذشته است؛ لطفاً به پرسش تازه پاسخ دهید.',
    csrf: 'نشست شما معتبر نیست؛ لطفاً صفحه را دوباره بارگیری کنید و دوباره تلاش کنید.',
    rate_limited: 'درخواست‌های شما بیش از حد مجاز بود؛ لطفاً کمی بعد دوباره تلاش کنید.',
    too_large: 'حجم اطلاعات ارسالی بیش از حد مجاز است.',
    unsupported_media_type: 'اطلاعات باید به شکل JSON فرستاده شود.',
    bad_json: 'اطلاعات ارسالی خوانا نیست؛ لطفاً فرم را دوباره بفرستید.',
    bad_request: 'درخواست درست نیست؛ لطفاً صفحه را دوباره بارگیری کنید.',
    idempotency_key: 'شناسه درخواست معتبر نیست؛ لطفاً صفحه را دوباره بارگیری کنید.',
    idempotency_conflict: 'این درخواست پیش‌تر با اطلاعات دیگری فرستاده شده است؛ لطفاً دوباره ثبت کنید.',
    not_found: 'نشانی درخواستی پیدا نشد.',
    method_not_allowed: 'این نوع درخواست برای این نشانی پذیرفته نیست.',
    unavailable: 'سامانه موقتاً در دسترس نیست؛ لطفاً چند دقیقه دیگر دوباره تلاش کنید.',
    internal: 'خطایی پیش آمد؛ لطفاً کمی بعد دوباره تلاش کنید.',
    network: 'ارتباط با سامانه برقرار نشد؛ اتصال اینترنت را بررسی کنید و دوباره تلاش کنید.',
  },
} as const;

export type ErrorCode = keyof typeof fa.errors;
