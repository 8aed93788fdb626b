/**
 * Persian product copy that is not a field text (field texts live in schemas/).
 * One file per locale; client and server both read it.
 */
export const fa = {
  app: {
    headerTitle: 'سامانه یکپارچه مدیریت داروخانه',
    logoAlt: 'نشان سامانه',
  },
  /** Texts of the wizard's shell and pages (src/client/) that are not field texts. */
  ui: {
    skipToContent: 'پرش به محتوای اصلی',
    stepsLabel: 'مراحل ثبت‌نام',
    stepOf: 'مرحله {current} از {total}',
    stepDone: 'انجام شده',
    loading: 'در حال بارگیری…',
    loadFailed: 'این بخش بارگیری نشد؛ اتصال اینترنت را بررسی کنید و دوباره تلاش کنید.',
    retry: 'تلاش دوباره',
    welcome: {
      greeting: 'مدیر گرامی داروخانه، خوش آمدید.',
      description: [
        'سامانه یکپارچه مدیریت داروخانه امکان پایش از راه دور، ارسال الکترونیکی نسخه، تطبیق کامل با بیمه، ارسال هوشمند بارنامه و به‌روزرسانی بانک دارویی را در یک جا فراهم می‌کند.',
        'داروخانه شما می‌تواند هر زمان طرح آزمایشی خود را به طرح‌های پیشرفته‌تر ارتقا دهد. نخستین خدمت ما ثبت نسخه و اتصال به سامانه‌های برخط است.',
      ],
      planLabel: 'طرح انتخاب‌شده:',
      planLoading: 'در حال دریافت طرح‌ها…',
    },
    form: {
      requiredMark: '(الزامی)',
      errorSummaryTitle: 'لطفاً موارد زیر را اصلاح کنید:',
      errorSummaryCount: '{count} مورد نیاز به اصلاح دارد.',
      submitting: 'در حال ثبت…',
      errorPrefix: 'خطا:',
      submitFallback: 'ادامه',
    },
    result: {
      trackingCode: 'کد پیگیری:',
      trackingHint: 'این کد را برای پیگیری ثبت‌نام نزد خود نگه دارید.',
      rulesLink: 'قوانین و مقررات',
      tryAgain: 'تلاش دوباره',
      startOver: 'بازگشت به صفحه نخست',
    },
  },
  registration: {
    defaultMessage: 'همکاران ما به‌زودی با شما تماس خواهند گرفت.',
    successMessage: 'اطلاعات شما ثبت شد. همکاران ما به‌زودی با شما تماس خواهند گرفت.',
    failedMessage: 'ثبت‌نام انجام نشد؛ لطفاً دوباره تلاش کنید.',
    successHeading: 'پیش‌ثبت‌نام با موفقیت انجام شد',
    failureHeading: 'پیش‌ثبت‌نام انجام نشد',
  },
  /** Texts of the custom form widgets (widgets/); `{name}` placeholders are filled by the widget. */
  widgets: {
    retry: 'تلاش دوباره',
    locations: {
      loading: 'در حال بارگیری فهرست استان‌ها و شهرها…',
      error: 'فهرست استان‌ها و شهرها بارگیری نشد.',
      provincePlaceholder: 'انتخاب استان',
      cityPlaceholder: 'جست‌وجو و انتخاب شهر',
      cityNeedsProvince: 'نخست استان را انتخاب کنید تا فهرست شهرهای آن نمایش داده شود.',
      cityNoMatch: 'شهری با این نام در این استان پیدا نشد.',
      cityMatches: '{count} شهر پیدا شد.',
      cityShowList: 'نمایش فهرست شهرها',
    },
    map: {
      label:
        'نقشه موقعیت داروخانه. با کلیدهای جهت‌نما نقشه را جابه‌جا کنید و با کلیدهای + و − بزرگ‌نمایی کنید؛ نشانگر وسط نقشه موقعیت داروخانه است.',
      markerAlt: 'نشانگر موقعیت داروخانه',
      coordinates: 'عرض جغرافیایی {latitude}، طول جغرافیایی {longitude}',
      noCoordinates: 'موقعیتی روی نقشه انتخاب نشده است.',
      loading: 'در حال بارگیری نقشه…',
      configError: 'تنظیمات نقشه بارگیری نشد.',
      myLocation: 'موقعیت من',
      locating: 'در حال یافتن موقعیت شما…',
      geoDenied: 'اجازه دسترسی به موقعیت شما داده نشد؛ نقشه را با کشیدن یا کلیدهای جهت‌نما جابه‌جا کنید.',
      geoUnavailable: 'مرورگر شما موقعیت‌یابی را پشتیبانی نمی‌کند؛ نقشه را با کشیدن یا کلیدهای جهت‌نما جابه‌جا کنید.',
      geoFailed: 'موقعیت شما پیدا نشد؛ کمی بعد دوباره تلاش کنید یا نقشه را دستی جابه‌جا کنید.',
      geoFound: 'نقشه به موقعیت شما رفت.',
      zoomIn: 'بزرگ‌نمایی نقشه',
      zoomOut: 'کوچک‌نمایی نقشه',
      roleDescription: 'نقشه',
    },
    captcha: {
      loading: 'در حال بارگیری پرسش امنیتی…',
      error: 'پرسش امنیتی بارگیری نشد.',
      newQuestion: 'پرسش تازه',
    },
    terms: {
      rulesButton: 'مشاهده قوانین',
      close: 'بستن',
    },
  },
  /** Generated captcha questions ({left}, {right}: operands in words; {operation}: one of the verbs). */
  captcha: {
    arithmeticQuestion: 'حاصل «{left} {operation} {right}» چند می‌شود؟',
    plus: 'به‌علاوه',
    minus: 'منهای',
    times: 'ضرب در',
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
    not_built: 'برنامهٔ ثبت‌نام هنوز ساخته نشده است؛ سرپرست سامانه باید دستور npm run build را اجرا کند.',
  },
} as const;

export type ErrorCode = keyof typeof fa.errors;
