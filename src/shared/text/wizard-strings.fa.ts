/**
 * The Persian copy a pharmacy manager reads that is not a field text (field texts live in schemas/):
 * the wizard's pages and widgets, the status page, and the few API messages the browser words
 * itself. The server says these too and adds its own in strings.fa.ts; the staff console's words
 * are in console-strings.fa.ts. Apart because a module is never split between chunks: what only the
 * server or the console says rode in every wizard page while it was here (about 3 KB gzip).
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
    review: {
      edit: 'ویرایش',
      editLabel: 'ویرایش {step}',
      yes: 'بله',
      no: 'خیر',
      empty: 'پاسخ داده نشده',
      position: 'عرض {latitude}، طول {longitude}',
    },
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
      /**
       * RJSF's own interface words (its TranslatableString, by key; `%1`, `%2` filled by RJSF), handed
       * to every form through the registry's translateString (widgets/registry.ts), so no English
       * default ever reaches the page, in the wizard or in Storybook.
       */
      rjsf: {
        ArrayItemTitle: 'مورد',
        MissingItems: 'تعریف موردها نیامده است',
        EmptyArray: 'هنوز موردی نیست. با دکمهٔ زیر مورد بیفزایید.',
        YesLabel: 'بله',
        NoLabel: 'خیر',
        CloseLabel: 'بستن',
        ErrorsLabel: 'خطاها',
        NewStringDefault: 'مقدار تازه',
        AddButton: 'افزودن',
        AddItemButton: 'افزودن مورد',
        CopyButton: 'رونوشت',
        ExpandButton: 'گشودن چرخه',
        MoveDownButton: 'پایین بردن',
        MoveUpButton: 'بالا بردن',
        RemoveButton: 'حذف',
        NowLabel: 'اکنون',
        ClearLabel: 'پاک کردن',
        AriaDateLabel: 'انتخاب تاریخ',
        PreviewLabel: 'پیش‌نمایش',
        DecrementAriaLabel: 'یکی کمتر',
        IncrementAriaLabel: 'یکی بیشتر',
        OptionalObjectAdd: 'افزودن داده برای این بخش اختیاری',
        OptionalObjectRemove: 'حذف دادهٔ این بخش اختیاری',
        OptionalObjectEmptyMsg: 'این بخش اختیاری داده‌ای ندارد',
        Type: 'نوع',
        Value: 'مقدار',
        ClearButton: 'پاک کردن ورودی',
        UnknownFieldType: 'نوع فیلد شناخته نیست: %1',
        OptionPrefix: 'گزینهٔ %1',
        TitleOptionPrefix: '%1، گزینهٔ %2',
        KeyLabel: 'کلید %1',
        DeprecatedLabel: '%1 (منسوخ)',
        CycleDetected: 'ارجاع چرخه‌ای در فیلد «%1»؛ برای دیدن چرخهٔ بعدی آن را بگشایید.',
        InvalidObjectField: 'پیکربندی فیلد «%1» درست نیست: _%2_.',
        UnsupportedField: 'این فیلد پشتیبانی نمی‌شود.',
        UnsupportedFieldWithId: 'فیلد «%1» پشتیبانی نمی‌شود.',
        UnsupportedFieldWithReason: 'این فیلد پشتیبانی نمی‌شود: _%1_.',
        UnsupportedFieldWithIdAndReason: 'فیلد «%1» پشتیبانی نمی‌شود: _%2_.',
        FilesInfo: '**%1** (%2، %3 بایت)',
      },
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
      cityAfterProvince: 'نخست استان را انتخاب کنید',
      cityLoading: 'در حال بارگیری شهرها…',
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
      sdkError: 'نقشه بارگیری نشد؛ لطفاً صفحه را دوباره باز کنید.',
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
    address: {
      suggestion: 'نشانی پیشنهادی: {address}',
      use: 'استفاده',
      useLabel: 'استفاده از نشانی پیشنهادی در کادر آدرس',
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
    /** A field declared `"verify": "sms"` whose number has not been confirmed with its code. */
    verify: 'لطفاً شماره همراه را با کدی که برایش پیامک می‌شود تأیید کنید.',
    /** A field of a step that the earlier answers skip (wizard.json "when"). */
    skippedStep: 'این بخش با پاسخ‌های مراحل پیش پرسیده نمی‌شود؛ لطفاً آن را نفرستید.',
    default: 'مقدار این بخش درست نیست.',
  },
  /** The wizard across published versions: answers carried over, the staff preview. */
  wizardVersions: {
    carriedOver:
      'فرم در این فاصله به‌روز شده است. پاسخ‌هایی که هنوز در فرم هست نگه داشته شد؛ لطفاً مرحله‌ها را یک بار دیگر ببینید و ادامه دهید.',
    notLoaded: 'فرم بارگیری نشد؛ لطفاً اتصال اینترنت را بررسی کنید و صفحه را دوباره بارگیری کنید.',
    previewHeading: 'پیش‌نمایش: چیزی فرستاده نشد',
    previewMessage: 'اگر این نسخه منتشر شده بود، این اطلاعات فرستاده می‌شد:',
  },
  /** What the browser says when a call fails with no message to show; the server's, by error.code, are in strings.fa.ts. */
  errors: {
    unavailable: 'سامانه موقتاً در دسترس نیست؛ لطفاً چند دقیقه دیگر دوباره تلاش کنید.',
    internal: 'خطایی پیش آمد؛ لطفاً کمی بعد دوباره تلاش کنید.',
    network: 'ارتباط با سامانه برقرار نشد؛ اتصال اینترنت را بررسی کنید و دوباره تلاش کنید.',
  },
  /** The status page (/status) and the mobile number's one-time code; `{name}` is filled by the code that shows it. */
  followup: {
    status: {
      title: 'پیگیری ثبت‌نام',
      intro: 'کد پیگیری و شماره همراهی را که هنگام ثبت‌نام نوشتید وارد کنید تا وضعیت ثبت‌نام داروخانه را ببینید.',
      trackingCode: 'کد پیگیری',
      trackingCodeHint: 'هشت نویسه، همان کدی که پس از ثبت‌نام دیدید یا برایتان پیامک شد',
      mobileNumber: 'شماره همراه',
      mobileHint: 'شماره‌ای که هنگام ثبت‌نام نوشتید',
      mobilePlaceholder: '۰۹۱۲-۳۴۵-۶۷۸۹',
      submit: 'نمایش وضعیت',
      checking: 'در حال بررسی…',
      answerTitle: 'وضعیت ثبت‌نام',
      pharmacy: 'داروخانه',
      state: 'وضعیت',
      changedAt: 'آخرین تغییر',
      reason: 'توضیح همکاران',
      statuses: { new: 'دریافت شد', contacted: 'تماس گرفته شد', approved: 'تأیید شد', rejected: 'تأیید نشد' },
      next: {
        new: 'ثبت‌نام شما در نوبت بررسی است؛ همکاران ما به‌زودی با شما تماس می‌گیرند.',
        contacted: 'همکاران ما با شما تماس گرفته‌اند و ثبت‌نام را بررسی می‌کنند؛ نتیجه را با پیامک به شما خبر می‌دهیم.',
        approved: 'ثبت‌نام داروخانه تأیید شد؛ همکاران ما برای راه‌اندازی سامانه با شما تماس می‌گیرند.',
        rejected: 'ثبت‌نام داروخانه تأیید نشد. اگر پرسشی دارید با پشتیبانی تماس بگیرید؛ می‌توانید دوباره ثبت‌نام کنید.',
      } as Record<string, string>,
      codeRequired: 'لطفاً کد پیگیری را بنویسید.',
      codeInvalid: 'کد پیگیری هشت نویسه از حروف انگلیسی و رقم است؛ لطفاً آن را بررسی کنید.',
      mobileRequired: 'لطفاً شماره همراه را بنویسید.',
      mobileInvalid: 'شماره همراه با ۰۹ شروع می‌شود و ۱۱ رقم است.',
      welcomeLink: 'پیگیری ثبت‌نام',
      welcomeLinkHint: 'پیش‌تر ثبت‌نام کرده‌اید؟',
      resultLink: 'پیگیری وضعیت',
      startLink: 'ثبت‌نام تازه',
    },
    /** The mobile field's verification (`"verify": "sms"` in schemas/). */
    otp: {
      send: 'ارسال کد',
      resend: 'ارسال دوباره کد',
      resendIn: 'ارسال دوباره تا {seconds} ثانیه دیگر',
      sending: 'در حال ارسال کد…',
      sent: 'کد پنج‌رقمی به این شماره پیامک شد؛ تا ۲ دقیقه معتبر است.',
      codeLabel: 'کد پیامک‌شده',
      codePlaceholder: '۵ رقم',
      confirm: 'تأیید کد',
      checking: 'در حال بررسی کد…',
      verified: 'شماره همراه تأیید شد.',
      codeInvalid: 'کد پنج رقم است.',
      needMobile: 'نخست شماره همراه را کامل و درست بنویسید.',
    },
    /** A code request the browser could not finish (its proof of work); the server's are in strings.fa.ts. */
    errors: {
      mobile_code_proof: 'درخواست کد کامل نرسید؛ لطفاً دوباره کد بخواهید.',
    },
  },
} as const;
