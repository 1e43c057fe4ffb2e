//! The SPIR-V writer's tests (instruction forms, decorations, spirv-val, assembly): each file
//! a module of one test binary, so the workspace links one executable for them.

mod support;

mod buffer_reference_forms;
mod compute_lod_forms;
mod control_flow_forms;
mod coopmat_khr_forms;
mod decorations;
mod descriptor_heap_forms;
mod interface_forms;
mod linkage_coopmat_forms;
mod long_vector_forms;
mod nv_ray_tracing_forms;
mod ocp_microscaling_forms;
mod qcom_image_forms;
mod ray_query_forms;
mod spec_arrays;
mod spec_constants;
mod spec_ops;
mod spirv_asm;
mod spirv_execution_mode;
mod spirv_gaps;
mod spirv_instruction;
mod spirv_type;
mod spirv_val;
mod subgroup_forms;
mod vendor_ext_forms;
mod vendor_type_forms;
mod vulkan_resources;
