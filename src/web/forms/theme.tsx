/**
 * rjsf's antd theme as the schema forms use it: the theme's templates and widgets, with the widgets that bring a
 * large antd component — the date pickers (rc-picker and dayjs) and the slider — loaded when a form first shows one
 * (issue 27 §3: the profile, whose forms show none, downloaded ~110 KB minified of them). Same widgets, same
 * behaviour; `@rjsf/antd`'s default Form imports them all at once.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { withTheme } from '@rjsf/core';
import type { WidgetProps } from '@rjsf/utils';
import { generateTemplates } from '@rjsf/antd/lib/templates/index.js';
import CheckboxesWidget from '@rjsf/antd/lib/widgets/CheckboxesWidget/index.js';
import CheckboxWidget from '@rjsf/antd/lib/widgets/CheckboxWidget/index.js';
import PasswordWidget from '@rjsf/antd/lib/widgets/PasswordWidget/index.js';
import RadioWidget from '@rjsf/antd/lib/widgets/RadioWidget/index.js';
import SelectWidget from '@rjsf/antd/lib/widgets/SelectWidget/index.js';
import TextareaWidget from '@rjsf/antd/lib/widgets/TextareaWidget/index.js';

function lazyWidget(load: () => Promise<{ default: ComponentType<WidgetProps> }>): ComponentType<WidgetProps> {
  const Loaded = lazy(load);
  return function LazyWidget(props: WidgetProps) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

export const ThemedForm = withTheme({
  templates: generateTemplates(),
  widgets: {
    AltDateTimeWidget: lazyWidget(() => import('@rjsf/antd/lib/widgets/AltDateTimeWidget/index.js')),
    AltDateWidget: lazyWidget(() => import('@rjsf/antd/lib/widgets/AltDateWidget/index.js')),
    CheckboxesWidget,
    CheckboxWidget,
    DateTimeWidget: lazyWidget(() => import('@rjsf/antd/lib/widgets/DateTimeWidget/index.js')),
    DateWidget: lazyWidget(() => import('@rjsf/antd/lib/widgets/DateWidget/index.js')),
    PasswordWidget,
    RadioWidget,
    RangeWidget: lazyWidget(() => import('@rjsf/antd/lib/widgets/RangeWidget/index.js')),
    SelectWidget,
    TextareaWidget,
  },
});
