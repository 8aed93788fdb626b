/**
 * The Persian copy only the server words: the generated captcha questions, the floor under what is
 * stored, the API's errors by error.code, the SMS texts, the versioned read routes' and the
 * webhooks'. `fa` is the wizard's copy (wizard-strings.fa.ts, which the server sends too: field
 * messages, the registration's answer) with these added, so that no wizard page carries them.
 */
import { fa as wizardFa } from './wizard-strings.fa.js';

export const fa = {
  ...wizardFa,
  /** Generated captcha questions ({left}, {right}: operands in words; {operation}: one of the verbs). */
  captcha: {
    arithmeticQuestion: 'حاصل «{left} {operation} {right}» چند می‌شود؟',
    plus: 'به‌علاوه',
    minus: 'منهای',
    times: 'ضرب در',
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
  /** error.message of API failures, by error.code. */
  errors: {
    ...wizardFa.errors,
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
  /** The SMS texts and the status and code routes' errors, beside the status page's and the code's copy. */
  followup: {
    ...wizardFa.followup,
    /** The texts of the SMS notices (a code's text comes from the provider's template). */
    sms: {
      receipt: 'ثبت‌نام داروخانه شما دریافت شد. کد پیگیری: {code}\nپیگیری: {url}',
      approved: 'ثبت‌نام داروخانه شما (کد {code}) تأیید شد. همکاران ما برای راه‌اندازی تماس می‌گیرند.\n{url}',
      rejected: 'ثبت‌نام داروخانه شما (کد {code}) تأیید نشد. توضیح بیشتر: {url}',
      /** The log provider's wording of a code (Kavenegar words it by its template). */
      code: 'کد تأیید شماره همراه: {code}\nاین کد تا ۲ دقیقه معتبر است.',
    },
    /** error.message of the status and code routes, by error.code. */
    errors: {
      ...wizardFa.followup.errors,
      status_not_found: 'ثبت‌نامی با این کد پیگیری و شماره همراه پیدا نشد؛ لطفاً هر دو را بررسی کنید.',
      status_locked: 'پس از چند تلاش نادرست، پیگیری این کد موقتاً بسته است؛ لطفاً {wait} دیگر دوباره تلاش کنید.',
      mobile_code_wait: 'کد تازه را {wait} دیگر می‌توانید بخواهید.',
      mobile_code_limit:
        'برای این شماره یا از این نشانی بیش از حد مجاز کد خواسته شده است؛ لطفاً {wait} دیگر دوباره تلاش کنید.',
      mobile_code_wrong: 'کد درست نیست؛ {tries} بار دیگر می‌توانید تلاش کنید.',
      mobile_code_expired: 'این کد دیگر معتبر نیست (زمانش گذشته یا تلاش‌هایش تمام شده)؛ لطفاً کد تازه بخواهید.',
      mobile_code_off: 'تأیید شماره همراه در این فرم خواسته نشده است.',
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
