/**
 * The validators of schemas/ as the build bundles them (virtual:wizard-validators,
 * build/validators-plugin.ts): for Storybook, which renders schemas/ without a server.
 */
import { schemaHashes, validators } from 'virtual:wizard-validators';
import { validatorFactoryOf } from '../definition/precompiled.js';

export const precompiledValidatorFactory = validatorFactoryOf(validators, schemaHashes);
