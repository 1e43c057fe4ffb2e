//! Fresnel's back ends. [`spirv`] turns a [`fresnel_ir::Shader`] (deref form: variables,
//! deref chains, `load_deref`/`store_deref`, the structured `if`/`loop` tree) into a SPIR-V
//! module for Vulkan 1.0-1.3 or OpenGL (GL_ARB_gl_spirv).

pub mod spirv;
