/**
 * Persian product copy that is not a field text (field texts live in schemas/): the wizard's,
 * the status page's, the SMS messages and the API's. Client and server both read it. The staff
 * console's own words are in console-strings.fa.ts, so that the wizard never loads them.
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
    /** A field declared `"verify": "sms"` whose number has not been confirmed with its code. */
    verify: 'لطفاً شماره همراه را با کدی که برایش پیامک می‌شود تأیید کنید.',
    /** A field of a step that the earlier answers skip (wizard.json "when"). */
    skippedStep: 'این بخش با پاسخ‌های مراحل پیش پرسیده نمی‌شود؛ لطفاً آن را نفرستید.',
    default: 'مقدار این بخش درست نیست.',
  },
  /**
   * The floor under what is stored (src/server/registration/registration.columns.ts),
   * the server's own rules whatever a version of the form says. `fields`: the field message of a
   * registration that breaks its column's floor ({max}: the column's length). `problem`, `fix` and
   * `keep`: the checker's 'below-floor' problem, when a draft's rule for a stored field is looser.
   */
  floor: {
    fields: {
      tier: 'طرح انتخاب‌شده معتبر نیست؛ لطفاً صفحه را از نو باز کنید.',
      type: 'لطفاً نوع داروخانه را از گزینه‌ها انتخاب کنید.',
      service: 'لطفاً نوع خدمت را از گزینه‌ها انتخاب کنید.',
      city_id: 'لطفاً شهر را از فهرست انتخاب کنید.',
      latitude: 'لطفاً موقعیت داروخانه را روی نقشهٔ ایران مشخص کنید.',
      longitude: 'لطفاً موقعیت داروخانه را روی نقشهٔ ایران مشخص کنید.',
      pharmacy_name: 'لطفاً نام داروخانه را بنویسید؛ حداکثر {max} حرف.',
      address: 'لطفاً آدرس داروخانه را بنویسید؛ حداکثر {max} حرف.',
      has_davajoo: 'لطفاً این گزینه را دوباره انتخاب کنید.',
      first_name: 'لطفاً نام خود را بنویسید؛ حداکثر {max} حرف.',
      last_name: 'لطفاً نام خانوادگی خود را بنویسید؛ حداکثر {max} حرف.',
      national_code: 'این کد ملی معتبر نیست؛ لطفاً ۱۰ رقم کد ملی را دوباره بررسی کنید.',
      mobile_number: 'این شماره همراه معتبر نیست؛ شماره ۱۱ رقم است و با ۰۹ شروع می‌شود.',
    },
    /** The city posted with a province (the city list's province field) that is not the city's. */
    cityOutsideProvince: 'این شهر در استان انتخاب‌شده نیست؛ لطفاً شهر را دوباره انتخاب کنید.',
    problem:
      'فیلد «{field}» در ستون {column} ذخیره می‌شود و قاعدهٔ این فرم برای آن از حداقلی که سامانه برای این ستون نگه می‌دارد سست‌تر است.',
    fix: 'این را نگه دارید: {keep}.',
    keep: {
      type: '"type": "{type}"',
      required: '«{name}» در فهرست "required" در {where}',
      askedAlways: 'فیلدی در یکی از مرحله‌ها که بی‌شرط پرسیده شود و به {field} فرستاده شود',
      stepWhen: 'مرحلهٔ «{step}» بی‌شرط نشان داده شود (بدون "when")، چون پاسخ آن اجباری است',
      property: 'ویژگی {field} در {file}',
      format: '"format": "{format}"',
      pattern: '"pattern": "{pattern}"',
      normalize: '"normalize": "{kind}" یا هیچ "normalize"',
      maxLength: '"maxLength" با عددی تا {max}',
      minLength: '"minLength" با عددی دست‌کم {min}',
      minimum: '"minimum" با عددی دست‌کم {min}',
      maximum: '"maximum" با عددی تا {max}',
    },
  },
  /** The wizard across published versions: answers carried over, the staff preview. */
  wizardVersions: {
    carriedOver:
      'فرم در این فاصله به‌روز شده است. پاسخ‌هایی که هنوز در فرم هست نگه داشته شد؛ لطفاً مرحله‌ها را یک بار دیگر ببینید و ادامه دهید.',
    notLoaded: 'فرم بارگیری نشد؛ لطفاً اتصال اینترنت را بررسی کنید و صفحه را دوباره بارگیری کنید.',
    previewHeading: 'پیش‌نمایش: چیزی فرستاده نشد',
    previewMessage: 'اگر این نسخه منتشر شده بود، این اطلاعات فرستاده می‌شد:',
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
    // The address from the pin; the wizard shows no suggestion on either.
    address_unavailable: 'نشانی این نقطه از نقشه در دسترس نیست؛ لطفاً نشانی را خودتان بنویسید.',
    address_outside_iran: 'این نقطه در ایران نیست؛ لطفاً نشانگر را روی محل داروخانه بگذارید.',
    // The address lookups' cost: a proof of work per pre-session, and the provider's hourly and daily budget.
    address_pass: 'پیشنهاد نشانی برای این صفحه آماده نیست؛ لطفاً نشانی را خودتان بنویسید.',
    address_capacity: 'پیشنهاد نشانی فعلاً در دسترس نیست؛ لطفاً نشانی را خودتان بنویسید.',
    not_built: 'برنامهٔ ثبت‌نام هنوز ساخته نشده است؛ سرپرست سامانه باید دستور npm run build را اجرا کند.',
    sign_in_failed: 'ورود انجام نشد؛ ایمیل و گذرواژه را بررسی کنید.',
    sign_in_locked: 'پس از چند تلاش نادرست، ورود موقتاً بسته است؛ لطفاً {wait} دیگر دوباره تلاش کنید.',
    unauthenticated: 'نشست شما پایان یافته است؛ لطفاً دوباره وارد شوید.',
    forbidden: 'شما اجازهٔ این کار را ندارید.',
    status_conflict: 'وضعیت این ثبت‌نام تغییر کرده یا این تغییر وضعیت ممکن نیست؛ لطفاً صفحه را تازه کنید.',
    assignment_conflict: 'مسئول این ثبت‌نام همین حالا تغییر کرده است؛ لطفاً صفحه را تازه کنید.',
    // The definition as product data (draft, publish, rollback, versions still accepted).
    draft_stale:
      'همکار دیگری این پیش‌نویس را در این فاصله ذخیره کرده است و تغییر شما ذخیره نشد؛ لطفاً پیش‌نویس تازه را باز کنید و تغییرتان را دوباره وارد کنید.',
    draft_invalid: 'پرونده‌های پیش‌نویس درست فرستاده نشده است؛ لطفاً صفحه را دوباره بارگیری کنید.',
    draft_too_large: 'پروندهٔ «{path}» بیش از اندازهٔ مجاز بزرگ یا تودرتو است؛ لطفاً آن را کوتاه‌تر و ساده‌تر کنید.',
    draft_path: 'نام پروندهٔ «{path}» پذیرفته نیست؛ نام هر پرونده باید مانند steps/manager.schema.json باشد.',
    definition_problems: 'فرم هنوز ایراد دارد و منتشر نشد؛ لطفاً ایرادهای فهرست‌شده را برطرف کنید.',
    definition_unchanged: 'این نسخه هم‌اکنون منتشر شده است؛ تغییری برای انتشار نیست.',
    version_unknown: 'این نسخهٔ فرم پیدا نشد.',
    preview_expired: 'زمان این پیش‌نمایش گذشته است؛ لطفاً پیش‌نمایش را دوباره بارگیری کنید.',
    preview_invalid: 'این پیش‌نمایش معتبر نیست؛ لطفاً آن را از صفحهٔ «ویرایش فرم» دوباره باز کنید.',
    note_required: 'برای انتشار، یادداشتی کوتاه دربارهٔ این تغییر بنویسید.',
    definition_outdated: 'فرم ثبت‌نام در این فاصله به‌روز شده است؛ لطفاً فرم تازه را بررسی کنید و دوباره بفرستید.',
    // Signed webhooks.
    webhook_url_refused:
      'این نشانی پذیرفته نیست: نشانی گیرنده باید نشانی عمومی اینترنتی باشد (نه نشانی داخلی، محلی یا چندپخشی) و در محیط عملیاتی با https آغاز شود.',
    webhook_headers: 'سرآیندهای سفارشی درست نیست؛ حداکثر ۵ سرآیند با نام‌های مجاز و مقدار یک‌خطی وارد کنید.',
    webhook_limit: 'بیش از ۲۰ نشانی گیرنده نمی‌توان افزود؛ لطفاً نشانی‌ای را که دیگر به کار نمی‌آید حذف کنید.',
    webhook_rotation_pending:
      'رمز پیشین هنوز تا ۲۴ ساعت پس از چرخش قبلی امضا می‌کند و چرخش دوباره آن را زودتر کنار می‌گذارد. اگر همهٔ گیرنده‌ها رمز تازه را گرفته‌اند یا رمز پیشین فاش شده است، چرخش را با «کنار گذاشتن رمز پیشین» تکرار کنید.',
    replay_busy: 'این رویداد همین حالا در حال ارسال است؛ لطفاً کمی بعد دوباره تلاش کنید.',
    // The versioned read routes (/api/v1/) take an API key, never a staff session.
    api_key_invalid: 'کلید API معتبر نیست یا باطل شده است؛ لطفاً کلید را در سرآیند Authorization به شکل Bearer بفرستید.',
    bad_cursor: 'نشانگر صفحه معتبر نیست؛ لطفاً فهرست را از صفحهٔ نخست بخوانید.',
  },
  /** What the versioned read routes (/api/v1/) say in words of their own. */
  integrations: {
    /** A case's colleague as another system sees them: by number, never by e-mail address. */
    assigneeName: 'کارشناس {number}',
  },
  /**
   * The status page (/status), the SMS messages, the mobile number's one-time code and
   * the SMS outbox of the console. `{name}` placeholders are filled by the code that shows them.
   */
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
    /** The texts of the SMS notices (a code's text comes from the provider's template). */
    sms: {
      receipt: 'ثبت‌نام داروخانه شما دریافت شد. کد پیگیری: {code}\nپیگیری: {url}',
      approved: 'ثبت‌نام داروخانه شما (کد {code}) تأیید شد. همکاران ما برای راه‌اندازی تماس می‌گیرند.\n{url}',
      rejected: 'ثبت‌نام داروخانه شما (کد {code}) تأیید نشد. توضیح بیشتر: {url}',
      /** The log provider's wording of a code (Kavenegar words it by its template). */
      code: 'کد تأیید شماره همراه: {code}\nاین کد تا ۲ دقیقه معتبر است.',
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
    /** The SMS outbox of the console (admins). */
    outbox: {
      title: 'صندوق پیامک‌ها',
      empty: 'پیامکی در صف یا فرستاده‌شده نیست.',
      refresh: 'تازه کردن',
      kind: 'پیام',
      receptor: 'گیرنده',
      state: 'وضعیت',
      attempts: 'تلاش',
      createdAt: 'زمان ثبت',
      sentAt: 'زمان ارسال',
      error: 'علت',
      filter: 'نمایش',
      all: 'همه',
      kinds: { receipt: 'رسید ثبت‌نام', approved: 'تأیید', rejected: 'تأیید نشد', code: 'کد تأیید' } as Record<
        string,
        string
      >,
      statuses: { waiting: 'در صف', sending: 'در حال ارسال', sent: 'فرستاده شد', failed: 'ناموفق' } as Record<
        string,
        string
      >,
      counts: 'در صف: {waiting} · فرستاده: {sent} · ناموفق: {failed}',
      expired: 'زمان ارسال گذشت',
    },
    /** The rejection's checkbox in the console's status change. */
    showReason: 'نمایش به متقاضی',
    /** error.message of the status and code routes, by error.code. */
    errors: {
      status_not_found: 'ثبت‌نامی با این کد پیگیری و شماره همراه پیدا نشد؛ لطفاً هر دو را بررسی کنید.',
      status_locked: 'پس از چند تلاش نادرست، پیگیری این کد موقتاً بسته است؛ لطفاً {wait} دیگر دوباره تلاش کنید.',
      mobile_code_wait: 'کد تازه را {wait} دیگر می‌توانید بخواهید.',
      mobile_code_limit:
        'برای این شماره یا از این نشانی بیش از حد مجاز کد خواسته شده است؛ لطفاً {wait} دیگر دوباره تلاش کنید.',
      mobile_code_wrong: 'کد درست نیست؛ {tries} بار دیگر می‌توانید تلاش کنید.',
      mobile_code_expired: 'این کد دیگر معتبر نیست (زمانش گذشته یا تلاش‌هایش تمام شده)؛ لطفاً کد تازه بخواهید.',
      mobile_code_off: 'تأیید شماره همراه در این فرم خواسته نشده است.',
      mobile_code_proof: 'درخواست کد کامل نرسید؛ لطفاً دوباره کد بخواهید.',
      sms_capacity: 'در این ساعت پیامک‌های بسیاری فرستاده شده است؛ لطفاً {wait} دیگر دوباره کد بخواهید.',
    },
  },
  /** Signed webhooks: why one custom header is refused, beside it (`fields`, `headers.<name>`). */
  webhooks: {
    headerName: 'نام سرآیند «{name}» پذیرفته نیست؛ نام باید تا ۶۴ نویسهٔ لاتین، رقم یا نشانه‌هایی مانند - و _ باشد.',
    headerOurs: 'سرآیند «{name}» را خود سامانه می‌فرستد و نمی‌توان آن را جایگزین کرد.',
    headerTwice: 'سرآیند «{name}» بیش از یک بار آمده است (بزرگی و کوچکی حروف در نام سرآیند یکی است).',
    headerValue:
      'مقدار سرآیند «{name}» را نمی‌توان فرستاد؛ مقدار باید یک‌خطی و با نویسه‌های لاتین باشد، بدون حروف فارسی و نویسه‌های کنترلی.',
  },
} as const;

export type ErrorCode = keyof typeof fa.errors | keyof typeof fa.followup.errors;
