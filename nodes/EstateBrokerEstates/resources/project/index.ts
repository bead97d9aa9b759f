import { defineResource } from '../../../shared/descriptions';
import { getProject } from './get';
import { getAllProjects } from './getAll';

export const projectResource = defineResource('Project', 'Published new-build projects', [
	getProject,
	getAllProjects,
]);
