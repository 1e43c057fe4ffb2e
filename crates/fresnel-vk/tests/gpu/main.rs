//! Execution tests on the Vulkan driver (lavapipe): each file a module of one test binary,
//! so the workspace links one executable for them. (`hang.rs` stays its own binary: it
//! poisons its device and lets a driver thread finish before its process exits.)

mod support;

mod aggregates;
mod buffer_references;
mod descriptor_arrays_of_arrays;
mod fwidth;
mod idioms;
mod image_atomics;
mod matrix_chains;
mod matrix_ops;
mod matrix_whole;
mod render;
mod spec_arrays;
mod spec_ops;
mod struct_stores;
mod subgroup_arith;
mod switch_chains;
mod vector_index;
