import { z } from 'zod';
import { roles } from '../roles';

export const role = z.enum(roles);
