/** The organisation screens' form lives in shared components (also used by profile and client edit). */
export * from '@/components/EntityForm.tsx';
