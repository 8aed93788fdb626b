import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { WidgetProps } from '@rjsf/utils';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fa } from '../src/shared/text/wizard-strings.fa.js';
import { wizardFormContext } from './form-context.js';
import { fillAsGiven } from './shared.js';
import { sampleAddressSuggestion } from './story-fixtures.js';
import schema from '../schemas/steps/location.schema.json';
import uiSchema from '../schemas/steps/location.ui.json';
import AddressTextareaWidget from './AddressTextarea.js';
import { useWidgetServices, WidgetServicesContext, type WidgetServices } from './services.js';
import { fieldStoryMeta, renderField, schemaMessage, seededError, type WidgetStoryArgs } from './story-helpers.js';

const step = { schema, uiSchema };

/** `addressTextarea`: grows with its content; the hint is `ui:help`. */
const meta = {
  title: 'Widgets/AddressTextarea',
  ...fieldStoryMeta(step, 'address', {
    docs: {
      step: 'location',
      summary:
        'a text box for the street address that grows with its text, and offers the address of the map’s point once the pin has moved.',
    },
  }),
} satisfies Meta<WidgetStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Filled: Story = {
  args: {
    value: 'خیابان ولیعصر، بالاتر از پارک ساعی، کوچه نیلوفر، پلاک ۱۲، طبقه همکف\nروبه‌روی درمانگاه شبانه‌روزی',
  },
};

export const Invalid: Story = { args: { value: 'کوچه', rawErrors: [schemaMessage(step, 'address', 'minLength')] } };

export const Disabled: Story = { args: { value: 'خیابان ولیعصر، پلاک ۱۲', disabled: true } };

/** The map's starting point: the address box offers nothing until the pin is moved. */
const startingPoint = { latitude: 35.72, longitude: 51.39 };

/** The address box after the manager dragged the map: the pin moves once, as a drag ends. */
function AddressAfterPinMoved(props: WidgetProps) {
  const { setField, pinMoves } = wizardFormContext(props.registry);
  // Once, as a drag ends (not again when the data changes).
  useEffect(() => {
    const dragged = { latitude: 35.7219, longitude: 51.3347 };
    setField('latitude', dragged.latitude);
    setField('longitude', dragged.longitude);
    pinMoves.placed(dragged);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <AddressTextareaWidget {...props} />;
}

/** Where the pin has not moved: no suggestion, whatever the provider. */
export const PinNotMoved: Story = { args: { siblings: startingPoint } };

/** The pin moved: the provider's address (from the story's API stub) with «استفاده». */
export const WithSuggestion: Story = {
  args: { siblings: startingPoint },
  render: renderField(step, 'address', AddressAfterPinMoved),
  parameters: {
    storyTest: {
      text: [fillAsGiven(fa.widgets.address.suggestion, { address: sampleAddressSuggestion.address })],
      button: fa.widgets.address.useLabel,
    },
  },
};

/**
 * The pin moved and its address is still being asked for, or the asking failed: the box shows no
 * suggestion either way (a suggestion is a help, never an error on the step).
 */
function AddressWhileAsking({ answer, ...props }: WidgetProps & { answer: 'loading' | 'error' }) {
  const services = useWidgetServices();
  const asking: WidgetServices = {
    ...services,
    useAddressSuggestion: (point) =>
      useQuery({
        queryKey: ['story-address', answer, point?.latitude, point?.longitude],
        queryFn: () => (answer === 'loading' ? new Promise<never>(() => undefined) : Promise.reject(seededError())),
        enabled: point !== undefined,
        retry: false,
      }),
  };
  return (
    <WidgetServicesContext.Provider value={asking}>
      <AddressAfterPinMoved {...props} />
    </WidgetServicesContext.Provider>
  );
}

export const SuggestionLoading: Story = {
  args: { siblings: startingPoint },
  render: renderField(step, 'address', (props: WidgetProps) => <AddressWhileAsking {...props} answer="loading" />),
};

export const SuggestionFailed: Story = {
  args: { siblings: startingPoint },
  render: renderField(step, 'address', (props: WidgetProps) => <AddressWhileAsking {...props} answer="error" />),
};
