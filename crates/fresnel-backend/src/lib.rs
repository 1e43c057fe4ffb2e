//! Fresnel's back ends. [`spirv`] turns a [`fresnel_ir::Shader`] (deref form: variables,
//! deref chains, `load_deref`/`store_deref`, the structured `if`/`loop` tree) into a SPIR-V
//! module for Vulkan 1.0-1.3 or OpenGL (GL_ARB_gl_spirv), and [`spirv::disassemble`] prints
//! one.
//!
//! Choices (see the module docs for details):
//! * values are typeless in the IR: each SSA value gets a SPIR-V type from its defining
//!   operation (constants from their uses), and a use that reads the same bits as another
//!   type gets an `OpBitcast`; constants are module-level and materialized per type;
//! * booleans in externally visible memory (uniform/storage blocks, push constants,
//!   OpenGL default uniforms) are 32-bit unsigned integers, converted at loads and stores;
//! * the IR `loop` becomes header + body + continue block + merge, with the loop-header phis
//!   fed from phis in the continue block (see `spirv/func.rs`);
//! * locations missing on stage inputs/outputs and OpenGL default uniforms, and bindings
//!   missing on descriptors, are assigned in declaration order after the explicit ones
//!   (glslang's `--auto-map-locations`/`--auto-map-bindings`); `gl_FragColor`/`gl_FragData`
//!   and compatibility-profile built-ins without a SPIR-V counterpart are outputs/inputs with
//!   locations (OpenGL only);
//! * non-opaque uniforms outside blocks are an error for Vulkan and `UniformConstant`
//!   variables with locations for OpenGL, as glslang does with `-G`;
//! * a shader without `main` becomes a module with the Linkage capability;
//! * output is deterministic: ids are allocated in a fixed walk of the IR and no hash-map
//!   iteration reaches the output.

pub mod spirv;
