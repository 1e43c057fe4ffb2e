//! A small Vulkan harness: runs SPIR-V graphics pipelines (vertex + fragment shaders, with
//! optional tessellation and geometry shaders) and compute shaders on a real Vulkan driver,
//! preferring Mesa's lavapipe (`llvmpipe`), and returns the pixels.
//!
//! The Vulkan loader is opened at run time (`ash::Entry::load`), so nothing links
//! `libvulkan` at build time; without a loader or an ICD [`Gpu::new`] returns an error.
//!
//! A [`Gpu`] keeps the instance, the device and its queue. Every job ([`RenderJob`],
//! [`ComputeJob`]) creates its own buffers, images, descriptor sets, pipeline and command
//! buffer, records, submits, waits on a fence and destroys all of it before returning
//! (also on errors), so thousands of jobs leak nothing. `Gpu` is `Sync`: jobs may run on
//! several threads (object creation is thread-safe in Vulkan; queue submission is
//! serialised with a mutex, each job has its own command pool).
//!
//! A compute job may also use buffers reached only by their device address (buffer
//! references, SPIR-V `PhysicalStorageBuffer` pointers): [`BufferKind::DeviceAddress`]
//! bindings, whose addresses [`AddressPatch`]es write into other buffers before the
//! dispatch, on devices with [`Gpu::has_buffer_device_address`].
//!
//! The only thing that is not destroyed is a job whose fence does not signal within
//! [`Gpu::timeout`]: its objects may still be in use by the device, so they are leaked
//! and the `Gpu` refuses further work ([`VkError::DeviceLost`]).

// Vulkan is a C API: every call through ash is `unsafe`. Each `unsafe` block below says
// why its calls are sound (valid handles from this device, create-info structures that
// live across the call, objects not in use by the device when destroyed).
#![allow(unsafe_code)]
#![deny(clippy::undocumented_unsafe_blocks)]

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use ash::vk;

mod reflect;

/// What went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VkError {
    /// No Vulkan loader, no instance, or no usable device.
    Unavailable(String),
    /// The job itself is malformed (sizes, counts, formats).
    InvalidJob(String),
    /// A Vulkan call failed.
    Call { call: &'static str, result: String },
    /// The device did not finish the job in time, or an earlier job hung it.
    DeviceLost(String),
    /// `spirv-val` rejected a shader module.
    InvalidSpirv { stage: String, message: String },
    /// The device lacks a feature the job needs (tessellation or geometry shaders).
    Unsupported(String),
}

impl fmt::Display for VkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VkError::Unavailable(m) => write!(f, "Vulkan is not available: {m}"),
            VkError::InvalidJob(m) => write!(f, "invalid Vulkan job: {m}"),
            VkError::Call { call, result } => write!(f, "{call} failed: {result}"),
            VkError::DeviceLost(m) => write!(f, "Vulkan device lost: {m}"),
            VkError::Unsupported(m) => write!(f, "not supported by the Vulkan device: {m}"),
            VkError::InvalidSpirv { stage, message } => {
                write!(f, "invalid SPIR-V ({stage} shader): {message}")
            }
        }
    }
}

impl std::error::Error for VkError {}

fn call_err(call: &'static str) -> impl Fn(vk::Result) -> VkError {
    move |r| VkError::Call {
        call,
        result: format!("{r:?}"),
    }
}

/// The numeric kind of a vertex attribute or colour attachment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NumKind {
    Float,
    Sint,
    Uint,
}

/// A vertex attribute format: 1 to 4 32-bit components of one kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VertexFormat {
    pub kind: NumKind,
    pub components: u8,
}

impl VertexFormat {
    /// Bytes per vertex.
    pub fn size(self) -> usize {
        4 * usize::from(self.components)
    }

    fn vk(self) -> Option<vk::Format> {
        use vk::Format as F;
        Some(match (self.kind, self.components) {
            (NumKind::Float, 1) => F::R32_SFLOAT,
            (NumKind::Float, 2) => F::R32G32_SFLOAT,
            (NumKind::Float, 3) => F::R32G32B32_SFLOAT,
            (NumKind::Float, 4) => F::R32G32B32A32_SFLOAT,
            (NumKind::Sint, 1) => F::R32_SINT,
            (NumKind::Sint, 2) => F::R32G32_SINT,
            (NumKind::Sint, 3) => F::R32G32B32_SINT,
            (NumKind::Sint, 4) => F::R32G32B32A32_SINT,
            (NumKind::Uint, 1) => F::R32_UINT,
            (NumKind::Uint, 2) => F::R32G32_UINT,
            (NumKind::Uint, 3) => F::R32G32B32_UINT,
            (NumKind::Uint, 4) => F::R32G32B32A32_UINT,
            _ => return None,
        })
    }
}

/// One vertex attribute: `data` holds `vertex_count * format.size()` bytes (little-endian
/// 32-bit components, vertex after vertex).
#[derive(Clone, Debug, PartialEq)]
pub struct VertexAttribute {
    pub location: u32,
    pub format: VertexFormat,
    pub data: Vec<u8>,
}

/// Colour attachment formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColorFormat {
    /// 8-bit unsigned normalised RGBA (4 bytes a pixel).
    Rgba8Unorm,
    /// 32-bit float RGBA (16 bytes a pixel).
    Rgba32Float,
    /// 32-bit signed integer RGBA (16 bytes a pixel).
    Rgba32Sint,
    /// 32-bit unsigned integer RGBA (16 bytes a pixel).
    Rgba32Uint,
}

impl ColorFormat {
    /// Bytes per pixel.
    pub fn pixel_size(self) -> usize {
        match self {
            ColorFormat::Rgba8Unorm => 4,
            _ => 16,
        }
    }

    /// The numeric kind the fragment shader output must have.
    pub fn kind(self) -> NumKind {
        match self {
            ColorFormat::Rgba8Unorm | ColorFormat::Rgba32Float => NumKind::Float,
            ColorFormat::Rgba32Sint => NumKind::Sint,
            ColorFormat::Rgba32Uint => NumKind::Uint,
        }
    }

    fn vk(self) -> vk::Format {
        match self {
            ColorFormat::Rgba8Unorm => vk::Format::R8G8B8A8_UNORM,
            ColorFormat::Rgba32Float => vk::Format::R32G32B32A32_SFLOAT,
            ColorFormat::Rgba32Sint => vk::Format::R32G32B32A32_SINT,
            ColorFormat::Rgba32Uint => vk::Format::R32G32B32A32_UINT,
        }
    }
}

/// A colour attachment at fragment output `location`, cleared to `clear` (the raw 32-bit
/// patterns of the four clear components: f32 bits for float and unorm formats).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attachment {
    pub location: u32,
    pub format: ColorFormat,
    pub clear: [u32; 4],
}

/// Uniform or storage buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BufferKind {
    Uniform,
    Storage,
    /// A storage texel buffer of 32-bit unsigned integers (`layout(r32ui) uimageBuffer`),
    /// through a buffer view of format `R32_UINT`.
    StorageTexelR32ui,
    /// A buffer with no descriptor, reached only through its 64-bit device address
    /// (GL_EXT_buffer_reference, SPIR-V `PhysicalStorageBuffer` pointers); its `set`,
    /// `binding` and `element` are ignored. A [`ComputeJob`]'s [`AddressPatch`]es write its
    /// address into other buffers before the dispatch. Needs
    /// [`Gpu::has_buffer_device_address`]; render jobs do not take them.
    DeviceAddress,
}

/// A buffer bound at `(set, binding)`, array element `element` (0 unless the shader
/// declares an array of blocks there), with its initial contents (an empty buffer is given
/// 16 zero bytes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BufferBinding {
    pub set: u32,
    pub binding: u32,
    pub element: u32,
    pub kind: BufferKind,
    pub data: Vec<u8>,
}

/// Primitive topologies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topology {
    TriangleList,
    TriangleStrip,
    /// Patches of `control_points` vertices (1 to 32), for jobs with tessellation shaders
    /// (and only for them).
    PatchList {
        control_points: u32,
    },
}

/// How shader modules are checked before they reach the driver. Vulkan makes invalid SPIR-V
/// undefined behaviour (drivers trust their input), so a harness fed SPIR-V from a compiler
/// under test validates it first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpirvCheck {
    /// Run this `spirv-val` (SPIRV-Tools) on every module, for the Vulkan version the
    /// module's SPIR-V version implies; an invalid module is a [`VkError::InvalidSpirv`].
    SpirvVal(PathBuf),
    /// The caller vouches for the modules (they are valid SPIR-V for the device).
    Trusted,
}

impl SpirvCheck {
    /// `spirv-val` from `PATH` when there is one, else [`SpirvCheck::Trusted`].
    pub fn from_path() -> SpirvCheck {
        let Some(paths) = std::env::var_os("PATH") else {
            return SpirvCheck::Trusted;
        };
        std::env::split_paths(&paths)
            .map(|d| d.join("spirv-val"))
            .find(|p| p.is_file())
            .map_or(SpirvCheck::Trusted, SpirvCheck::SpirvVal)
    }

    /// Checks one module.
    pub fn check(&self, words: &[u32], what: &str) -> Result<(), VkError> {
        check_spirv(words, what)?;
        let SpirvCheck::SpirvVal(tool) = self else {
            return Ok(());
        };
        let env = match (words[1] >> 8) & 0xff {
            0..=2 => "vulkan1.0",
            3 => "vulkan1.1",
            4 => "vulkan1.1spv1.4",
            5 => "vulkan1.2",
            _ => "vulkan1.3",
        };
        run_spirv_val(tool, env, words).map_err(|m| VkError::InvalidSpirv {
            stage: what.to_string(),
            message: m,
        })
    }
}

fn run_spirv_val(tool: &Path, env: &str, words: &[u32]) -> Result<(), String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(tool)
        .args(["--target-env", env, "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", tool.display()))?;
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    if let Some(mut stdin) = child.stdin.take() {
        // A validator that exits early closes the pipe: its verdict comes from the exit
        // status below.
        let _ = stdin.write_all(&bytes);
    }
    let out = child
        .wait_with_output()
        .map_err(|e| format!("{}: {e}", tool.display()))?;
    if out.status.success() {
        return Ok(());
    }
    let mut msg = String::from_utf8_lossy(&out.stderr).trim().to_string();
    if msg.is_empty() {
        msg = String::from_utf8_lossy(&out.stdout).trim().to_string();
    }
    Err(if msg.is_empty() {
        format!("spirv-val failed ({})", out.status)
    } else {
        msg
    })
}

/// One draw: a vertex + fragment pipeline over a `width` x `height` framebuffer, with
/// optional tessellation (control and evaluation together, with a
/// [`Topology::PatchList`]) and geometry stages. The modules must be valid SPIR-V for the
/// device: they are checked with the `Gpu`'s [`SpirvCheck`] (spirv-val) before any Vulkan
/// object is made from them. A job with a stage the device does not support
/// ([`Gpu::has_tessellation_shader`], [`Gpu::has_geometry_shader`]) fails with
/// [`VkError::Unsupported`].
#[derive(Clone, Debug, PartialEq)]
pub struct RenderJob {
    pub vertex_spirv: Vec<u32>,
    pub fragment_spirv: Vec<u32>,
    /// The tessellation control module (with `tess_eval_spirv`, or neither).
    pub tess_control_spirv: Option<Vec<u32>>,
    /// The tessellation evaluation module (with `tess_control_spirv`, or neither).
    pub tess_eval_spirv: Option<Vec<u32>>,
    pub geometry_spirv: Option<Vec<u32>>,
    pub width: u32,
    pub height: u32,
    pub vertex_count: u32,
    pub topology: Topology,
    pub attributes: Vec<VertexAttribute>,
    pub bindings: Vec<BufferBinding>,
    pub attachments: Vec<Attachment>,
}

/// What a render job produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderOutput {
    /// The pixels of each attachment (in the job's order): `height` rows of `width` pixels,
    /// row 0 first (framebuffer y = 0, where NDC y = -1 lands), tightly packed.
    pub attachments: Vec<Vec<u8>>,
    /// The contents of each buffer binding after the draw (in the job's order).
    pub buffers: Vec<Vec<u8>>,
}

/// One compute dispatch (the module is checked like a [`RenderJob`]'s).
///
/// With [`BufferKind::DeviceAddress`] bindings and [`AddressPatch`]es the shader follows
/// 64-bit addresses. Nothing checks where those lead: a shader must stay inside the buffers
/// whose addresses it is given (lavapipe runs shaders on the CPU, in this process, so a
/// stray address is a stray memory access here).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComputeJob {
    pub spirv: Vec<u32>,
    pub groups: [u32; 3],
    pub bindings: Vec<BufferBinding>,
    /// Device addresses written into the bindings' data before the dispatch (empty for a
    /// job that uses no buffer references).
    pub addresses: Vec<AddressPatch>,
}

/// Before a dispatch, the 64-bit device address of binding `of` (an index into
/// [`ComputeJob::bindings`]) is written little-endian into the data of binding `into` at
/// byte `offset` (over whatever the data held there). The buffer at `of` is created with
/// `SHADER_DEVICE_ADDRESS` usage whatever its kind, so a descriptor-bound buffer may also
/// be reached by address; `into` may be any binding, `of` itself included. (A dispatch of
/// zero groups runs nothing and returns the data as given, unpatched.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AddressPatch {
    pub of: usize,
    pub into: usize,
    pub offset: usize,
}

/// Limits on a job (beyond the device's own).
pub const MAX_FRAMEBUFFER: u32 = 4096;
pub const MAX_BUFFER_BYTES: usize = 256 << 20;
pub const MAX_ATTACHMENTS: usize = 8;

/// A Vulkan instance, a device and its queue.
pub struct Gpu {
    /// Keeps the loader library open while the instance lives.
    _entry: ash::Entry,
    instance: ash::Instance,
    device: ash::Device,
    queue: Mutex<vk::Queue>,
    queue_family: u32,
    memory: vk::PhysicalDeviceMemoryProperties,
    name: String,
    api_version: u32,
    /// Whether the device was created with the `bufferDeviceAddress` feature.
    buffer_device_address: bool,
    /// Whether the device was created with the `tessellationShader` feature.
    tessellation_shader: bool,
    /// Whether the device was created with the `geometryShader` feature.
    geometry_shader: bool,
    /// `VkPhysicalDeviceSubgroupProperties`: the subgroup size and the supported
    /// operations (`VkSubgroupFeatureFlags`); zeros before Vulkan 1.1.
    subgroup: (u32, u32),
    lost: AtomicBool,
    /// The fence of the job abandoned when the device was marked lost (leaked with it).
    lost_fence: Mutex<Option<vk::Fence>>,
    /// How long a job may run before the device is considered hung.
    pub timeout: Duration,
    /// How shader modules are checked (`spirv-val` from `PATH` by default).
    pub spirv_check: SpirvCheck,
    /// The last modules `spirv_check` accepted (compared whole), so the sub-cases of one
    /// program are validated once.
    validated: Mutex<Vec<Vec<u32>>>,
}

/// How many validated modules [`Gpu`] remembers.
const VALIDATED_CACHE: usize = 32;

impl fmt::Debug for Gpu {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Gpu")
            .field("name", &self.name)
            .field("api_version", &self.api_version_string())
            .finish()
    }
}

const ICD_HINT: &str =
    "install a Vulkan loader and driver (Debian: `libvulkan1 mesa-vulkan-drivers`); \
     VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json selects lavapipe";

impl Gpu {
    /// Opens the Vulkan loader, creates an instance and a device on the first physical
    /// device whose name contains `llvmpipe` (Mesa lavapipe), else the first one with a
    /// graphics + compute queue.
    pub fn new() -> Result<Gpu, VkError> {
        // A statically linked executable (glibc, `crt-static`) cannot load a driver: the
        // driver brings its own dynamic C library, and mixing the two crashes on the first
        // call. Say so instead (`cargo release-static` makes such a `fresnel`).
        if cfg!(target_feature = "crt-static") {
            return Err(VkError::Unavailable(
                "this executable is statically linked and cannot load a Vulkan driver; \
                 use a dynamically linked build (`cargo build --release`)"
                    .to_string(),
            ));
        }
        // SAFETY: loading the Vulkan loader runs its library initialisers; the loader is a
        // well-behaved C library that does no unsound work in them, and the `Entry` (which
        // keeps the library loaded) is stored in the returned `Gpu`, outliving every
        // function pointer taken from it.
        let entry = unsafe { ash::Entry::load() }.map_err(|e| {
            VkError::Unavailable(format!("cannot load the loader ({e}); {ICD_HINT}"))
        })?;
        // SAFETY: a global command with no arguments but the loaded entry.
        let loader_version = unsafe { entry.try_enumerate_instance_version() }
            .map_err(call_err("vkEnumerateInstanceVersion"))?
            .unwrap_or(vk::API_VERSION_1_0);
        let api = if loader_version >= vk::API_VERSION_1_3 {
            vk::API_VERSION_1_3
        } else {
            loader_version
        };
        let app = vk::ApplicationInfo::default()
            .application_name(c"fresnel")
            .engine_name(c"fresnel-vk")
            .api_version(api);
        let ici = vk::InstanceCreateInfo::default().application_info(&app);
        // SAFETY: `ici` and the `app` it points to live across the call; no layers or
        // extensions are requested.
        let instance = unsafe { entry.create_instance(&ici, None) }.map_err(|e| {
            VkError::Unavailable(format!("vkCreateInstance failed ({e:?}); {ICD_HINT}"))
        })?;
        match Self::with_instance(entry.clone(), instance.clone(), api) {
            Ok(g) => Ok(g),
            Err(e) => {
                // SAFETY: nothing was created from the instance that still exists
                // (`with_instance` destroys what it made on failure).
                unsafe { instance.destroy_instance(None) };
                Err(e)
            }
        }
    }

    fn with_instance(entry: ash::Entry, instance: ash::Instance, api: u32) -> Result<Gpu, VkError> {
        // SAFETY: `instance` is a valid instance.
        let devices = unsafe { instance.enumerate_physical_devices() }
            .map_err(call_err("vkEnumeratePhysicalDevices"))?;
        let mut chosen: Option<(vk::PhysicalDevice, u32, String, u32)> = None;
        for pd in devices {
            // SAFETY: `pd` was returned by this instance.
            let props = unsafe { instance.get_physical_device_properties(pd) };
            let name = props
                .device_name_as_c_str()
                .map(|c| c.to_string_lossy().into_owned())
                .unwrap_or_default();
            // SAFETY: as above.
            let families = unsafe { instance.get_physical_device_queue_family_properties(pd) };
            let Some(qf) = families.iter().position(|f| {
                f.queue_flags
                    .contains(vk::QueueFlags::GRAPHICS | vk::QueueFlags::COMPUTE)
            }) else {
                continue;
            };
            let lvp = name.contains("llvmpipe");
            let better = match &chosen {
                None => true,
                Some((_, _, n, _)) => lvp && !n.contains("llvmpipe"),
            };
            if better {
                chosen = Some((pd, qf as u32, name, props.api_version));
            }
        }
        let Some((physical, queue_family, name, dev_api)) = chosen else {
            return Err(VkError::Unavailable(format!(
                "no physical device with a graphics + compute queue; {ICD_HINT}"
            )));
        };
        let api_version = dev_api.min(api);
        // Enable every feature the device has (shaders may use float64, int64, stores in
        // the vertex stage, tessellation and geometry shaders...).
        let mut f11 = vk::PhysicalDeviceVulkan11Features::default();
        let mut f12 = vk::PhysicalDeviceVulkan12Features::default();
        let use12 = api_version >= vk::API_VERSION_1_2;
        let mut f2 = vk::PhysicalDeviceFeatures2::default();
        if use12 {
            f2 = f2.push_next(&mut f11).push_next(&mut f12);
        }
        if api_version >= vk::API_VERSION_1_1 {
            // SAFETY: `physical` belongs to `instance`, whose API version is at least 1.1;
            // `f2`'s chain holds only structures this version knows, alive for the call.
            unsafe { instance.get_physical_device_features2(physical, &mut f2) };
        } else {
            // SAFETY: as above, the 1.0 query.
            f2.features = unsafe { instance.get_physical_device_features(physical) };
        }
        // Read now: the create-info below borrows `f2` until the device exists. Every
        // reported feature is enabled, these two included (tessellation and geometry
        // shaders in render jobs).
        let tessellation_shader = f2.features.tessellation_shader == vk::TRUE;
        let geometry_shader = f2.features.geometry_shader == vk::TRUE;
        let prio = [1.0f32];
        let qci = [vk::DeviceQueueCreateInfo::default()
            .queue_family_index(queue_family)
            .queue_priorities(&prio)];
        let mut dci = vk::DeviceCreateInfo::default().queue_create_infos(&qci);
        if api_version >= vk::API_VERSION_1_1 {
            dci = dci.push_next(&mut f2);
        } else {
            dci = dci.enabled_features(&f2.features);
        }
        // SAFETY: `dci` and everything it points to (`qci`, `prio`, the feature chain)
        // live across the call; the features are exactly those the device reported.
        let device = unsafe { instance.create_device(physical, &dci, None) }
            .map_err(call_err("vkCreateDevice"))?;
        // The chain (which borrowed `f12`) is no longer used: read what was enabled.
        let buffer_device_address = use12 && f12.buffer_device_address == vk::TRUE;
        // SAFETY: queue 0 of a family the device was created with.
        let queue = unsafe { device.get_device_queue(queue_family, 0) };
        // SAFETY: `physical` belongs to `instance`.
        let memory = unsafe { instance.get_physical_device_memory_properties(physical) };
        let mut subgroup = vk::PhysicalDeviceSubgroupProperties::default();
        if api_version >= vk::API_VERSION_1_1 {
            let mut p2 = vk::PhysicalDeviceProperties2::default().push_next(&mut subgroup);
            // SAFETY: `physical` belongs to `instance` (API 1.1 or later); the chain holds
            // one 1.1 structure, alive for the call.
            unsafe { instance.get_physical_device_properties2(physical, &mut p2) };
        }
        let subgroup = (
            subgroup.subgroup_size,
            subgroup.supported_operations.as_raw(),
        );
        Ok(Gpu {
            _entry: entry,
            instance,
            device,
            queue: Mutex::new(queue),
            queue_family,
            memory,
            name,
            api_version,
            buffer_device_address,
            tessellation_shader,
            geometry_shader,
            subgroup,
            lost: AtomicBool::new(false),
            lost_fence: Mutex::new(None),
            timeout: Duration::from_secs(30),
            spirv_check: SpirvCheck::from_path(),
            validated: Mutex::new(Vec::new()),
        })
    }

    /// The physical device's name (`llvmpipe (LLVM 15.0.6, 256 bits)` for lavapipe).
    pub fn device_name(&self) -> &str {
        &self.name
    }

    /// The subgroup size the device reports (0 before Vulkan 1.1).
    pub fn subgroup_size(&self) -> u32 {
        self.subgroup.0
    }

    /// Whether the device supports the subgroup operations of every bit of `features`
    /// (`VkSubgroupFeatureFlags`: 8 = arithmetic, 64 = clustered, ...).
    pub fn supports_subgroup(&self, features: u32) -> bool {
        self.subgroup.1 & features == features
    }

    /// Whether the device is Mesa's lavapipe.
    pub fn is_lavapipe(&self) -> bool {
        self.name.contains("llvmpipe")
    }

    /// The API version in use (the lower of the instance's and the device's).
    pub fn api_version(&self) -> u32 {
        self.api_version
    }

    /// `major.minor.patch` of [`Gpu::api_version`].
    pub fn api_version_string(&self) -> String {
        let v = self.api_version;
        format!(
            "{}.{}.{}",
            vk::api_version_major(v),
            vk::api_version_minor(v),
            vk::api_version_patch(v)
        )
    }

    /// Whether the device was created with the Vulkan 1.2 `bufferDeviceAddress` feature
    /// (every feature the device reports is enabled), so that compute jobs may use
    /// [`BufferKind::DeviceAddress`] buffers and [`AddressPatch`]es and modules may declare
    /// `PhysicalStorageBufferAddresses`. Devices below Vulkan 1.2 report `false` (the
    /// `VK_KHR_buffer_device_address` extension is not enabled).
    pub fn has_buffer_device_address(&self) -> bool {
        self.buffer_device_address
    }

    /// Whether the device was created with the `tessellationShader` feature (every
    /// feature the device reports is enabled), so that render jobs may have tessellation
    /// control and evaluation shaders.
    pub fn has_tessellation_shader(&self) -> bool {
        self.tessellation_shader
    }

    /// Whether the device was created with the `geometryShader` feature, so that render
    /// jobs may have a geometry shader.
    pub fn has_geometry_shader(&self) -> bool {
        self.geometry_shader
    }

    /// [`VkError::Unsupported`] when the device cannot run tessellation shaders
    /// (`tessellation`) or a geometry shader (`geometry`).
    pub fn check_stages(&self, tessellation: bool, geometry: bool) -> Result<(), VkError> {
        let mut missing = Vec::new();
        if tessellation && !self.tessellation_shader {
            missing.push("tessellation shaders (the `tessellationShader` feature)");
        }
        if geometry && !self.geometry_shader {
            missing.push("geometry shaders (the `geometryShader` feature)");
        }
        if missing.is_empty() {
            return Ok(());
        }
        Err(VkError::Unsupported(format!(
            "`{}` has no {}",
            self.name,
            missing.join(" and no ")
        )))
    }

    /// The highest SPIR-V minor version (1.x) the device accepts: 1.0 (Vulkan 1.0), 1.3
    /// (1.1), 1.5 (1.2), 1.6 (1.3).
    pub fn spirv_minor(&self) -> u8 {
        match vk::api_version_minor(self.api_version) {
            0 => 0,
            1 => 3,
            2 => 5,
            _ => 6,
        }
    }

    fn check_alive(&self) -> Result<(), VkError> {
        if self.lost.load(Ordering::Acquire) {
            return Err(VkError::DeviceLost(
                "an earlier job did not finish; the device is not used any more".into(),
            ));
        }
        Ok(())
    }

    /// Renders one job and reads back its attachments and buffers.
    pub fn render(&self, job: &RenderJob) -> Result<RenderOutput, VkError> {
        self.check_alive()?;
        validate_render(job)?;
        self.check_stages(job.tess_eval_spirv.is_some(), job.geometry_spirv.is_some())?;
        let mut others = Vec::new();
        for (words, what, stage) in render_modules(job) {
            self.check_module(words, what)?;
            if !matches!(
                stage,
                vk::ShaderStageFlags::VERTEX | vk::ShaderStageFlags::FRAGMENT
            ) {
                others.push(reflect_module(words, what)?);
            }
        }
        let vs = reflect_module(&job.vertex_spirv, "vertex")?;
        let fs = reflect_module(&job.fragment_spirv, "fragment")?;
        check_render_interface(job, &vs, &fs, &others)?;
        let mut res = Resources::new(self);
        let out = res.render(job);
        res.finish(out.is_ok() || !matches!(out, Err(VkError::DeviceLost(_))));
        out
    }

    /// Runs one compute dispatch and reads back its buffers.
    pub fn dispatch(&self, job: &ComputeJob) -> Result<Vec<Vec<u8>>, VkError> {
        self.dispatch_specialized(job, &[])
    }

    /// [`Gpu::dispatch`] with specialization constants (issue 5, helper B): `(constant_id,
    /// value)` pairs, each constant 32 bits wide (`int`, `uint`, `float` bits, or a `bool`
    /// as 0/1), given to the pipeline as `VkSpecializationInfo`.
    pub fn dispatch_specialized(
        &self,
        job: &ComputeJob,
        spec: &[(u32, u32)],
    ) -> Result<Vec<Vec<u8>>, VkError> {
        if spec.len() > 256 {
            return Err(VkError::InvalidJob(format!(
                "{} specialization constants (at most 256)",
                spec.len()
            )));
        }
        self.check_alive()?;
        self.check_module(&job.spirv, "compute")?;
        check_bindings(&job.bindings)?;
        self.check_addresses(job)?;
        let cs = reflect_module(&job.spirv, "compute")?;
        check_resources(&job.bindings, &[&cs])?;
        if job.groups.contains(&0) {
            return Ok(job.bindings.iter().map(|b| b.data.clone()).collect());
        }
        let mut res = Resources::new(self);
        let out = res.dispatch(job, spec);
        res.finish(out.is_ok() || !matches!(out, Err(VkError::DeviceLost(_))));
        out
    }

    /// Checks the device-address buffers and patches of a compute job.
    fn check_addresses(&self, job: &ComputeJob) -> Result<(), VkError> {
        let uses = !job.addresses.is_empty()
            || job
                .bindings
                .iter()
                .any(|b| b.kind == BufferKind::DeviceAddress);
        if uses && !self.buffer_device_address {
            return Err(VkError::InvalidJob(
                "the job uses device addresses, but the device has no bufferDeviceAddress".into(),
            ));
        }
        if job.addresses.len() > 4096 {
            return Err(VkError::InvalidJob(format!(
                "{} address patches (at most 4096)",
                job.addresses.len()
            )));
        }
        let n = job.bindings.len();
        for p in &job.addresses {
            if p.of >= n || p.into >= n {
                return Err(VkError::InvalidJob(format!(
                    "address patch {p:?} names a binding outside the job's {n}"
                )));
            }
            let len = job.bindings[p.into].data.len();
            if p.offset.checked_add(8).is_none_or(|end| end > len) {
                return Err(VkError::InvalidJob(format!(
                    "address patch {p:?} writes 8 bytes outside binding {}'s {len} bytes",
                    p.into
                )));
            }
        }
        Ok(())
    }

    /// Checks a module with [`Gpu::spirv_check`] unless it passed recently.
    pub fn check_module(&self, words: &[u32], what: &str) -> Result<(), VkError> {
        if let Ok(cache) = self.validated.lock() {
            if cache.iter().any(|m| m[..] == *words) {
                return Ok(());
            }
        }
        self.spirv_check.check(words, what)?;
        if let Ok(mut cache) = self.validated.lock() {
            if cache.len() >= VALIDATED_CACHE {
                cache.remove(0);
            }
            cache.push(words.to_vec());
        }
        Ok(())
    }

    fn memory_type(&self, bits: u32, want: vk::MemoryPropertyFlags) -> Result<u32, VkError> {
        (0..self.memory.memory_type_count)
            .find(|&i| {
                bits & (1 << i) != 0
                    && self.memory.memory_types[i as usize]
                        .property_flags
                        .contains(want)
            })
            .ok_or_else(|| VkError::Call {
                call: "memory type selection",
                result: format!("no memory type with {want:?}"),
            })
    }
}

impl Gpu {
    /// After a job was abandoned (`DeviceLost`), waits up to `limit` for it to finish, so
    /// that nothing runs on the device when the process exits (a driver still executing a
    /// job while the process tears down may crash it). True when nothing is left running.
    pub fn settle(&self, limit: Duration) -> bool {
        let Ok(fence) = self.lost_fence.lock().map(|f| *f) else {
            return false;
        };
        let Some(fence) = fence else {
            return true;
        };
        let nanos = u64::try_from(limit.as_nanos()).unwrap_or(u64::MAX);
        // SAFETY: the fence was created from `self.device` for the abandoned job and is
        // never destroyed (the job's objects are leaked), so it is a valid fence of this
        // device for as long as `self` lives; waiting on a fence needs no external
        // synchronization.
        unsafe { self.device.wait_for_fences(&[fence], true, nanos).is_ok() }
    }
}

impl Drop for Gpu {
    fn drop(&mut self) {
        if self.lost.load(Ordering::Acquire) {
            // A job never finished: waiting for the device could block forever and its
            // objects may be in use, so nothing is destroyed (the process's exit frees it).
            return;
        }
        // SAFETY: every job waited for its fence and destroyed what it made (jobs whose
        // wait failed marked the device lost, handled above); after `device_wait_idle`
        // nothing is in use. The instance outlives the device.
        unsafe {
            let _ = self.device.device_wait_idle();
            self.device.destroy_device(None);
            self.instance.destroy_instance(None);
        }
    }
}

fn check_spirv(words: &[u32], what: &str) -> Result<(), VkError> {
    if words.len() < 5 || words[0] != 0x0723_0203 {
        return Err(VkError::InvalidJob(format!(
            "the {what} shader is not a SPIR-V module"
        )));
    }
    Ok(())
}

fn check_bindings(bindings: &[BufferBinding]) -> Result<(), VkError> {
    for (i, b) in bindings.iter().enumerate() {
        if b.data.len() > MAX_BUFFER_BYTES {
            return Err(VkError::InvalidJob(format!(
                "buffer ({}, {}) is larger than {MAX_BUFFER_BYTES} bytes",
                b.set, b.binding
            )));
        }
        // Device-address buffers have no descriptor: their set and binding mean nothing.
        if b.kind == BufferKind::DeviceAddress {
            continue;
        }
        if b.set > 7 {
            return Err(VkError::InvalidJob(format!(
                "descriptor set {} (at most 7)",
                b.set
            )));
        }
        if b.element >= 1024 {
            return Err(VkError::InvalidJob(format!(
                "array element {} of binding ({}, {}) (at most 1023)",
                b.element, b.set, b.binding
            )));
        }
        for o in bindings[..i]
            .iter()
            .filter(|o| o.kind != BufferKind::DeviceAddress)
        {
            if o.set == b.set && o.binding == b.binding && o.element == b.element {
                return Err(VkError::InvalidJob(format!(
                    "binding ({}, {}) element {} given twice",
                    b.set, b.binding, b.element
                )));
            }
            if o.set == b.set && o.binding == b.binding && o.kind != b.kind {
                return Err(VkError::InvalidJob(format!(
                    "binding ({}, {}) has both uniform and storage buffers",
                    b.set, b.binding
                )));
            }
        }
    }
    Ok(())
}

/// Checks that the job provides every descriptor the modules declare, with the right kind
/// and every array element.
fn check_resources(
    bindings: &[BufferBinding],
    ifaces: &[&reflect::Interface],
) -> Result<(), VkError> {
    for r in ifaces.iter().flat_map(|i| &i.resources) {
        let Some(kind) = r.kind else {
            return Err(VkError::InvalidJob(format!(
                "the shaders use a sampler or image at (set {}, binding {}): only uniform and storage buffers are supported",
                r.set, r.binding
            )));
        };
        for e in 0..r.count.max(1) {
            match bindings.iter().find(|b| {
                b.kind != BufferKind::DeviceAddress
                    && b.set == r.set
                    && b.binding == r.binding
                    && b.element == e
            }) {
                Some(b) if b.kind == kind => {}
                Some(_) => {
                    return Err(VkError::InvalidJob(format!(
                        "(set {}, binding {}) is a {kind:?} buffer in the shaders",
                        r.set, r.binding
                    )))
                }
                None => {
                    return Err(VkError::InvalidJob(format!(
                        "the shaders use (set {}, binding {}, element {e}), which the job does not provide",
                        r.set, r.binding
                    )))
                }
            }
        }
    }
    Ok(())
}

/// Checks the vertex inputs against the attributes and the fragment outputs against the
/// attachments (a missing attribute or a kind mismatch is invalid Vulkan or gives undefined
/// values).
fn check_render_interface(
    job: &RenderJob,
    vs: &reflect::Interface,
    fs: &reflect::Interface,
    others: &[reflect::Interface],
) -> Result<(), VkError> {
    for input in &vs.inputs {
        for l in input.location..input.location.saturating_add(input.locations.min(64)) {
            let Some(a) = job.attributes.iter().find(|a| a.location == l) else {
                return Err(VkError::InvalidJob(format!(
                    "the vertex shader reads location {l}, which has no attribute"
                )));
            };
            if input.kind.is_some_and(|k| k != a.format.kind) {
                return Err(VkError::InvalidJob(format!(
                    "the vertex shader reads location {l} as {:?}, the attribute is {:?}",
                    input.kind, a.format.kind
                )));
            }
        }
    }
    for o in &fs.outputs {
        for l in o.location..o.location.saturating_add(o.locations.min(64)) {
            if let Some(a) = job.attachments.iter().find(|a| a.location == l) {
                if o.kind.is_some_and(|k| k != a.format.kind()) {
                    return Err(VkError::InvalidJob(format!(
                        "the fragment shader writes location {l} as {:?}, the attachment is {:?}",
                        o.kind, a.format
                    )));
                }
            }
        }
    }
    let mut ifaces = vec![vs, fs];
    ifaces.extend(others);
    check_resources(&job.bindings, &ifaces)
}

/// A render job's modules with their stage names and stages, in pipeline order.
fn render_modules(job: &RenderJob) -> Vec<(&[u32], &'static str, vk::ShaderStageFlags)> {
    use vk::ShaderStageFlags as S;
    let mut out = vec![(&job.vertex_spirv[..], "vertex", S::VERTEX)];
    for (m, what, stage) in [
        (
            &job.tess_control_spirv,
            "tessellation control",
            S::TESSELLATION_CONTROL,
        ),
        (
            &job.tess_eval_spirv,
            "tessellation evaluation",
            S::TESSELLATION_EVALUATION,
        ),
        (&job.geometry_spirv, "geometry", S::GEOMETRY),
    ] {
        if let Some(m) = m {
            out.push((&m[..], what, stage));
        }
    }
    out.push((&job.fragment_spirv[..], "fragment", S::FRAGMENT));
    out
}

fn reflect_module(words: &[u32], what: &str) -> Result<reflect::Interface, VkError> {
    reflect::reflect(words).map_err(|m| VkError::InvalidSpirv {
        stage: what.to_string(),
        message: m,
    })
}

fn validate_render(job: &RenderJob) -> Result<(), VkError> {
    for (words, what, _) in render_modules(job) {
        check_spirv(words, what)?;
    }
    let tessellation = match (&job.tess_control_spirv, &job.tess_eval_spirv) {
        (Some(_), Some(_)) => true,
        (None, None) => false,
        _ => {
            return Err(VkError::InvalidJob(
                "tessellation needs both a control and an evaluation shader".into(),
            ))
        }
    };
    let patch_size = match job.topology {
        Topology::PatchList { control_points } => Some(control_points),
        _ => None,
    };
    match (patch_size, tessellation) {
        (Some(n), true) if !(1..=32).contains(&n) => {
            return Err(VkError::InvalidJob(format!(
                "{n} patch control points (1 to 32)"
            )))
        }
        (Some(_), false) => {
            return Err(VkError::InvalidJob(
                "a patch list without tessellation shaders".into(),
            ))
        }
        (None, true) => {
            return Err(VkError::InvalidJob(
                "tessellation shaders draw a patch list".into(),
            ))
        }
        _ => {}
    }
    check_bindings(&job.bindings)?;
    if job
        .bindings
        .iter()
        .any(|b| b.kind == BufferKind::DeviceAddress)
    {
        return Err(VkError::InvalidJob(
            "device-address buffers are only supported in compute jobs".into(),
        ));
    }
    if job.width == 0
        || job.height == 0
        || job.width > MAX_FRAMEBUFFER
        || job.height > MAX_FRAMEBUFFER
    {
        return Err(VkError::InvalidJob(format!(
            "framebuffer {}x{} (1 to {MAX_FRAMEBUFFER} each way)",
            job.width, job.height
        )));
    }
    if job.vertex_count == 0 || job.vertex_count > 1 << 20 {
        return Err(VkError::InvalidJob(format!(
            "{} vertices (1 to {})",
            job.vertex_count,
            1 << 20
        )));
    }
    if job.attachments.is_empty() || job.attachments.len() > MAX_ATTACHMENTS {
        return Err(VkError::InvalidJob(format!(
            "{} colour attachments (1 to {MAX_ATTACHMENTS})",
            job.attachments.len()
        )));
    }
    for (i, a) in job.attachments.iter().enumerate() {
        if a.location as usize >= MAX_ATTACHMENTS {
            return Err(VkError::InvalidJob(format!(
                "attachment location {} (at most {})",
                a.location,
                MAX_ATTACHMENTS - 1
            )));
        }
        if job.attachments[..i]
            .iter()
            .any(|o| o.location == a.location)
        {
            return Err(VkError::InvalidJob(format!(
                "two attachments at location {}",
                a.location
            )));
        }
    }
    for (i, a) in job.attributes.iter().enumerate() {
        if a.format.vk().is_none() {
            return Err(VkError::InvalidJob(format!(
                "attribute {} has {} components",
                a.location, a.format.components
            )));
        }
        if a.location >= 32 || job.attributes[..i].iter().any(|o| o.location == a.location) {
            return Err(VkError::InvalidJob(format!(
                "attribute location {} is out of range or used twice",
                a.location
            )));
        }
        if a.data.len() != a.format.size() * job.vertex_count as usize {
            return Err(VkError::InvalidJob(format!(
                "attribute {} has {} bytes, expected {}",
                a.location,
                a.data.len(),
                a.format.size() * job.vertex_count as usize
            )));
        }
    }
    Ok(())
}

/// A host-visible buffer with its memory.
#[derive(Clone, Copy)]
struct HostBuffer {
    buffer: vk::Buffer,
    memory: vk::DeviceMemory,
    size: u64,
}

/// Everything one job creates, destroyed in reverse order by [`Resources::finish`].
struct Resources<'g> {
    gpu: &'g Gpu,
    buffers: Vec<HostBuffer>,
    images: Vec<(vk::Image, vk::DeviceMemory)>,
    views: Vec<vk::ImageView>,
    buffer_views: Vec<vk::BufferView>,
    modules: Vec<vk::ShaderModule>,
    set_layouts: Vec<vk::DescriptorSetLayout>,
    descriptor_pool: vk::DescriptorPool,
    pipeline_layout: vk::PipelineLayout,
    render_pass: vk::RenderPass,
    framebuffer: vk::Framebuffer,
    pipeline: vk::Pipeline,
    command_pool: vk::CommandPool,
    fence: vk::Fence,
    finished: bool,
}

impl<'g> Resources<'g> {
    fn new(gpu: &'g Gpu) -> Resources<'g> {
        Resources {
            gpu,
            buffers: Vec::new(),
            images: Vec::new(),
            views: Vec::new(),
            buffer_views: Vec::new(),
            modules: Vec::new(),
            set_layouts: Vec::new(),
            descriptor_pool: vk::DescriptorPool::null(),
            pipeline_layout: vk::PipelineLayout::null(),
            render_pass: vk::RenderPass::null(),
            framebuffer: vk::Framebuffer::null(),
            pipeline: vk::Pipeline::null(),
            command_pool: vk::CommandPool::null(),
            fence: vk::Fence::null(),
            finished: false,
        }
    }

    fn dev(&self) -> &ash::Device {
        &self.gpu.device
    }

    /// Destroys everything (`destroy`), or leaks it when the device may still use it.
    fn finish(&mut self, destroy: bool) {
        self.finished = true;
        if !destroy {
            self.gpu.lost.store(true, Ordering::Release);
            if self.fence != vk::Fence::null() {
                if let Ok(mut f) = self.gpu.lost_fence.lock() {
                    f.get_or_insert(self.fence);
                }
            }
            return;
        }
        let d = &self.gpu.device;
        // SAFETY: the job's command buffer either was never submitted or its fence
        // signalled (the callers pass `destroy = false` when a wait timed out), so the
        // device no longer uses any of these objects; each handle was created from `d`
        // (or is null, which every destroy function accepts) and is destroyed once, in
        // reverse order of creation (views before images, pipeline before its layout...).
        unsafe {
            d.destroy_fence(self.fence, None);
            d.destroy_command_pool(self.command_pool, None);
            d.destroy_pipeline(self.pipeline, None);
            d.destroy_framebuffer(self.framebuffer, None);
            d.destroy_render_pass(self.render_pass, None);
            d.destroy_pipeline_layout(self.pipeline_layout, None);
            d.destroy_descriptor_pool(self.descriptor_pool, None);
            for l in self.set_layouts.drain(..) {
                d.destroy_descriptor_set_layout(l, None);
            }
            for m in self.modules.drain(..) {
                d.destroy_shader_module(m, None);
            }
            for v in self.views.drain(..) {
                d.destroy_image_view(v, None);
            }
            for (i, m) in self.images.drain(..) {
                d.destroy_image(i, None);
                d.free_memory(m, None);
            }
            for v in self.buffer_views.drain(..) {
                d.destroy_buffer_view(v, None);
            }
            for b in self.buffers.drain(..) {
                d.destroy_buffer(b.buffer, None);
                d.free_memory(b.memory, None);
            }
        }
        self.fence = vk::Fence::null();
        self.command_pool = vk::CommandPool::null();
        self.pipeline = vk::Pipeline::null();
        self.framebuffer = vk::Framebuffer::null();
        self.render_pass = vk::RenderPass::null();
        self.pipeline_layout = vk::PipelineLayout::null();
        self.descriptor_pool = vk::DescriptorPool::null();
    }

    fn host_buffer(
        &mut self,
        usage: vk::BufferUsageFlags,
        data: &[u8],
        min: usize,
    ) -> Result<HostBuffer, VkError> {
        self.host_buffer_with(usage, data, min, false)
    }

    /// [`Resources::host_buffer`], with `SHADER_DEVICE_ADDRESS` usage and memory allocated
    /// for device addresses when `addressable` (the caller checked that the device has the
    /// `bufferDeviceAddress` feature enabled).
    fn host_buffer_with(
        &mut self,
        usage: vk::BufferUsageFlags,
        data: &[u8],
        min: usize,
        addressable: bool,
    ) -> Result<HostBuffer, VkError> {
        let size = data.len().max(min).max(16) as u64;
        let usage = if addressable {
            usage | vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS
        } else {
            usage
        };
        let bci = vk::BufferCreateInfo::default()
            .size(size)
            .usage(usage)
            .sharing_mode(vk::SharingMode::EXCLUSIVE);
        // SAFETY: a valid create-info (non-zero size, exclusive sharing) alive for the call.
        let buffer =
            unsafe { self.dev().create_buffer(&bci, None) }.map_err(call_err("vkCreateBuffer"))?;
        // SAFETY: `buffer` was just created from this device.
        let req = unsafe { self.dev().get_buffer_memory_requirements(buffer) };
        let ty = match self.gpu.memory_type(
            req.memory_type_bits,
            vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT,
        ) {
            Ok(t) => t,
            Err(e) => {
                // SAFETY: the buffer is not bound or in use.
                unsafe { self.dev().destroy_buffer(buffer, None) };
                return Err(e);
            }
        };
        let mut flags =
            vk::MemoryAllocateFlagsInfo::default().flags(vk::MemoryAllocateFlags::DEVICE_ADDRESS);
        let mut mai = vk::MemoryAllocateInfo::default()
            .allocation_size(req.size)
            .memory_type_index(ty);
        if addressable {
            mai = mai.push_next(&mut flags);
        }
        // SAFETY: a valid allocate-info for a memory type of this device; the
        // DEVICE_ADDRESS flag is only chained (with `flags` alive for the call) when the
        // device was created with `bufferDeviceAddress`, which the flag requires.
        let memory = match unsafe { self.dev().allocate_memory(&mai, None) } {
            Ok(m) => m,
            Err(e) => {
                // SAFETY: the buffer is not bound or in use.
                unsafe { self.dev().destroy_buffer(buffer, None) };
                return Err(call_err("vkAllocateMemory")(e));
            }
        };
        let hb = HostBuffer {
            buffer,
            memory,
            size,
        };
        // Recorded now, so `finish` frees both whatever happens next.
        self.buffers.push(hb);
        // SAFETY: `memory` is a fresh allocation of the type and size the buffer requires,
        // bound once at offset 0.
        unsafe { self.dev().bind_buffer_memory(buffer, memory, 0) }
            .map_err(call_err("vkBindBufferMemory"))?;
        self.write(hb, data)?;
        Ok(hb)
    }

    fn write(&self, hb: HostBuffer, data: &[u8]) -> Result<(), VkError> {
        // SAFETY: `hb.memory` is host-visible, host-coherent, bound to `hb.buffer`, not in
        // use by the device (no submission yet) and not mapped; the mapping covers
        // `hb.size >= data.len()` bytes, so the copy stays inside it, and the memory is
        // unmapped before anyone else can map it.
        unsafe {
            let p = self
                .dev()
                .map_memory(hb.memory, 0, hb.size, vk::MemoryMapFlags::empty())
                .map_err(call_err("vkMapMemory"))?;
            let dst = p.cast::<u8>();
            std::ptr::write_bytes(dst, 0, hb.size as usize);
            std::ptr::copy_nonoverlapping(data.as_ptr(), dst, data.len());
            self.dev().unmap_memory(hb.memory);
        }
        Ok(())
    }

    /// Overwrites `bytes.len()` bytes of the buffer at `offset`.
    fn write_at(&self, hb: HostBuffer, offset: usize, bytes: &[u8]) -> Result<(), VkError> {
        if offset
            .checked_add(bytes.len())
            .is_none_or(|end| end as u64 > hb.size)
        {
            return Err(VkError::InvalidJob(format!(
                "{} bytes at offset {offset} do not fit a buffer of {} bytes",
                bytes.len(),
                hb.size
            )));
        }
        // SAFETY: as in `write`: host-visible, host-coherent memory bound to `hb.buffer`,
        // not in use by the device and not mapped elsewhere; `offset + bytes.len() <=
        // hb.size` (checked above), so the copy stays inside the mapping.
        unsafe {
            let p = self
                .dev()
                .map_memory(hb.memory, 0, hb.size, vk::MemoryMapFlags::empty())
                .map_err(call_err("vkMapMemory"))?;
            let dst = p.cast::<u8>().add(offset);
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), dst, bytes.len());
            self.dev().unmap_memory(hb.memory);
        }
        Ok(())
    }

    /// The device address of a buffer made by `host_buffer_with(.., addressable: true)`.
    fn device_address(&self, hb: HostBuffer) -> u64 {
        let info = vk::BufferDeviceAddressInfo::default().buffer(hb.buffer);
        // SAFETY: the device has `bufferDeviceAddress` enabled (the job was checked), and
        // `hb.buffer` is a live buffer created with SHADER_DEVICE_ADDRESS usage and bound
        // to memory allocated with the DEVICE_ADDRESS flag; the info is alive for the call.
        unsafe { self.dev().get_buffer_device_address(&info) }
    }

    fn read(&self, hb: HostBuffer, len: usize) -> Result<Vec<u8>, VkError> {
        let len = len.min(hb.size as usize);
        let mut out = vec![0u8; len];
        // SAFETY: the job's fence signalled and a memory barrier made the device's writes
        // available to the host, the memory is host-coherent and not mapped elsewhere; we
        // read `len <= size` bytes of the mapping into a buffer of that length.
        unsafe {
            let p = self
                .dev()
                .map_memory(hb.memory, 0, hb.size, vk::MemoryMapFlags::empty())
                .map_err(call_err("vkMapMemory"))?;
            std::ptr::copy_nonoverlapping(p.cast::<u8>(), out.as_mut_ptr(), len);
            self.dev().unmap_memory(hb.memory);
        }
        Ok(out)
    }

    fn shader_module(&mut self, words: &[u32]) -> Result<vk::ShaderModule, VkError> {
        let ci = vk::ShaderModuleCreateInfo::default().code(words);
        // SAFETY: `words` is alive for the call and is a SPIR-V module that passed the
        // `Gpu`'s `SpirvCheck` (spirv-val for the module's Vulkan version) before this job
        // made any object, or an identical module did (the cache compares whole modules);
        // with `SpirvCheck::Trusted` the caller vouches for its validity, as `RenderJob`
        // and `ComputeJob` require.
        let m = unsafe { self.dev().create_shader_module(&ci, None) }
            .map_err(call_err("vkCreateShaderModule"))?;
        self.modules.push(m);
        Ok(m)
    }

    /// Descriptor set layouts, pool and sets for the bindings; returns the sets (index =
    /// set number) and the buffers (in binding order).
    fn descriptors(
        &mut self,
        bindings: &[BufferBinding],
    ) -> Result<(Vec<vk::DescriptorSet>, Vec<HostBuffer>), VkError> {
        self.descriptors_with(bindings, &[])
    }

    /// [`Resources::descriptors`], where the bindings at the indices `addressed` (and every
    /// [`BufferKind::DeviceAddress`] binding, which gets no descriptor) are given device
    /// addresses.
    fn descriptors_with(
        &mut self,
        bindings: &[BufferBinding],
        addressed: &[usize],
    ) -> Result<(Vec<vk::DescriptorSet>, Vec<HostBuffer>), VkError> {
        let mut bufs = Vec::new();
        for (i, b) in bindings.iter().enumerate() {
            let usage = match b.kind {
                BufferKind::Uniform => vk::BufferUsageFlags::UNIFORM_BUFFER,
                BufferKind::Storage | BufferKind::DeviceAddress => {
                    vk::BufferUsageFlags::STORAGE_BUFFER
                }
                BufferKind::StorageTexelR32ui => vk::BufferUsageFlags::STORAGE_TEXEL_BUFFER,
            };
            let addressable = b.kind == BufferKind::DeviceAddress || addressed.contains(&i);
            bufs.push(self.host_buffer_with(usage, &b.data, 16, addressable)?);
        }
        // Only these get descriptors (`with_descriptor[i]`: binding i does).
        let with_descriptor: Vec<bool> = bindings
            .iter()
            .map(|b| b.kind != BufferKind::DeviceAddress)
            .collect();
        // Texel buffers are read through views (one per binding, in binding order).
        let mut texel_views = Vec::new();
        for (b, hb) in bindings.iter().zip(&bufs) {
            if b.kind != BufferKind::StorageTexelR32ui {
                texel_views.push(vk::BufferView::null());
                continue;
            }
            let ci = vk::BufferViewCreateInfo::default()
                .buffer(hb.buffer)
                .format(vk::Format::R32_UINT)
                .offset(0)
                .range(vk::WHOLE_SIZE);
            // SAFETY: `hb.buffer` is a live buffer of this device created with
            // STORAGE_TEXEL_BUFFER usage and bound to memory; R32_UINT supports storage
            // texel buffers on every Vulkan device (a required format feature); the
            // create-info is alive for the call.
            let v = unsafe { self.dev().create_buffer_view(&ci, None) }
                .map_err(call_err("vkCreateBufferView"))?;
            self.buffer_views.push(v);
            texel_views.push(v);
        }
        let described = || {
            bindings
                .iter()
                .zip(&with_descriptor)
                .filter(|(_, &d)| d)
                .map(|(b, _)| b)
        };
        let nsets = described().map(|b| b.set + 1).max().unwrap_or(0);
        let dtype = |k: BufferKind| match k {
            BufferKind::Uniform => vk::DescriptorType::UNIFORM_BUFFER,
            // (Never asked for: device-address buffers have no descriptor.)
            BufferKind::Storage | BufferKind::DeviceAddress => vk::DescriptorType::STORAGE_BUFFER,
            BufferKind::StorageTexelR32ui => vk::DescriptorType::STORAGE_TEXEL_BUFFER,
        };
        // Layout bindings: (set, binding, kind, array size = highest element + 1).
        let mut layout: Vec<(u32, u32, BufferKind, u32)> = Vec::new();
        for b in described() {
            match layout.iter_mut().find(|l| l.0 == b.set && l.1 == b.binding) {
                Some(l) => l.3 = l.3.max(b.element + 1),
                None => layout.push((b.set, b.binding, b.kind, b.element + 1)),
            }
        }
        for s in 0..nsets {
            let lb: Vec<vk::DescriptorSetLayoutBinding> = layout
                .iter()
                .filter(|l| l.0 == s)
                .map(|l| {
                    vk::DescriptorSetLayoutBinding::default()
                        .binding(l.1)
                        .descriptor_type(dtype(l.2))
                        .descriptor_count(l.3)
                        .stage_flags(vk::ShaderStageFlags::ALL)
                })
                .collect();
            let ci = vk::DescriptorSetLayoutCreateInfo::default().bindings(&lb);
            // SAFETY: distinct binding numbers (grouped above), one kind each (checked),
            // create-info alive for the call.
            let l = unsafe { self.dev().create_descriptor_set_layout(&ci, None) }
                .map_err(call_err("vkCreateDescriptorSetLayout"))?;
            self.set_layouts.push(l);
        }
        if nsets == 0 {
            return Ok((Vec::new(), bufs));
        }
        let count = |k: BufferKind| layout.iter().filter(|l| l.2 == k).map(|l| l.3).sum::<u32>();
        let mut sizes = Vec::new();
        for k in [
            BufferKind::Uniform,
            BufferKind::Storage,
            BufferKind::StorageTexelR32ui,
        ] {
            if count(k) > 0 {
                sizes.push(
                    vk::DescriptorPoolSize::default()
                        .ty(dtype(k))
                        .descriptor_count(count(k)),
                );
            }
        }
        let pci = vk::DescriptorPoolCreateInfo::default()
            .max_sets(nsets)
            .pool_sizes(&sizes);
        // SAFETY: a valid create-info alive for the call.
        self.descriptor_pool = unsafe { self.dev().create_descriptor_pool(&pci, None) }
            .map_err(call_err("vkCreateDescriptorPool"))?;
        let ai = vk::DescriptorSetAllocateInfo::default()
            .descriptor_pool(self.descriptor_pool)
            .set_layouts(&self.set_layouts);
        // SAFETY: the pool has room for `nsets` sets and the descriptors of all layouts.
        let sets = unsafe { self.dev().allocate_descriptor_sets(&ai) }
            .map_err(call_err("vkAllocateDescriptorSets"))?;
        let infos: Vec<[vk::DescriptorBufferInfo; 1]> = bufs
            .iter()
            .map(|hb| {
                [vk::DescriptorBufferInfo::default()
                    .buffer(hb.buffer)
                    .offset(0)
                    .range(vk::WHOLE_SIZE)]
            })
            .collect();
        let views: Vec<[vk::BufferView; 1]> = texel_views.iter().map(|&v| [v]).collect();
        let writes: Vec<vk::WriteDescriptorSet> = bindings
            .iter()
            .zip(infos.iter().zip(&views))
            .zip(&with_descriptor)
            .filter(|(_, &d)| d)
            .map(|((b, (info, view)), _)| {
                let w = vk::WriteDescriptorSet::default()
                    .dst_set(sets[b.set as usize])
                    .dst_binding(b.binding)
                    .dst_array_element(b.element)
                    .descriptor_type(dtype(b.kind));
                if b.kind == BufferKind::StorageTexelR32ui {
                    w.texel_buffer_view(view)
                } else {
                    w.buffer_info(info)
                }
            })
            .collect();
        // SAFETY: every write names a set of this pool, a binding of its layout with the
        // same descriptor type and an element below its array size, and a live buffer
        // created with the matching usage (texel buffers: a live view of it).
        unsafe { self.dev().update_descriptor_sets(&writes, &[]) };
        Ok((sets, bufs))
    }

    fn pipeline_layout(&mut self) -> Result<(), VkError> {
        let ci = vk::PipelineLayoutCreateInfo::default().set_layouts(&self.set_layouts);
        // SAFETY: the set layouts are live; create-info alive for the call.
        self.pipeline_layout = unsafe { self.dev().create_pipeline_layout(&ci, None) }
            .map_err(call_err("vkCreatePipelineLayout"))?;
        Ok(())
    }

    fn command_buffer(&mut self) -> Result<vk::CommandBuffer, VkError> {
        let pci = vk::CommandPoolCreateInfo::default()
            .queue_family_index(self.gpu.queue_family)
            .flags(vk::CommandPoolCreateFlags::TRANSIENT);
        // SAFETY: a queue family of this device; create-info alive for the call.
        self.command_pool = unsafe { self.dev().create_command_pool(&pci, None) }
            .map_err(call_err("vkCreateCommandPool"))?;
        let ai = vk::CommandBufferAllocateInfo::default()
            .command_pool(self.command_pool)
            .level(vk::CommandBufferLevel::PRIMARY)
            .command_buffer_count(1);
        // SAFETY: the pool was just created and is used by this thread only.
        let cb = unsafe { self.dev().allocate_command_buffers(&ai) }
            .map_err(call_err("vkAllocateCommandBuffers"))?;
        let fci = vk::FenceCreateInfo::default();
        // SAFETY: a valid create-info.
        self.fence =
            unsafe { self.dev().create_fence(&fci, None) }.map_err(call_err("vkCreateFence"))?;
        let cb = cb[0];
        let bi = vk::CommandBufferBeginInfo::default()
            .flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT);
        // SAFETY: a fresh command buffer in the initial state.
        unsafe { self.dev().begin_command_buffer(cb, &bi) }
            .map_err(call_err("vkBeginCommandBuffer"))?;
        Ok(cb)
    }

    /// Ends, submits and waits for the command buffer. A wait that times out returns
    /// `DeviceLost` (the caller then leaks the resources).
    fn submit_and_wait(&mut self, cb: vk::CommandBuffer) -> Result<(), VkError> {
        // SAFETY: `cb` is in the recording state (begun by `command_buffer`).
        unsafe { self.dev().end_command_buffer(cb) }.map_err(call_err("vkEndCommandBuffer"))?;
        let cbs = [cb];
        let si = [vk::SubmitInfo::default().command_buffers(&cbs)];
        {
            let queue = self
                .gpu
                .queue
                .lock()
                .map_err(|_| VkError::DeviceLost("the queue lock is poisoned".into()))?;
            // SAFETY: the queue is externally synchronised by the mutex held here; `cb`
            // is executable and every object it refers to lives until the fence signals
            // (`finish` runs after the wait); the fence is unsignalled and unused.
            unsafe { self.dev().queue_submit(*queue, &si, self.fence) }
                .map_err(call_err("vkQueueSubmit"))?;
        }
        let timeout = u64::try_from(self.gpu.timeout.as_nanos()).unwrap_or(u64::MAX);
        // SAFETY: the fence belongs to this device and was submitted above.
        match unsafe { self.dev().wait_for_fences(&[self.fence], true, timeout) } {
            Ok(()) => Ok(()),
            Err(vk::Result::TIMEOUT) => Err(VkError::DeviceLost(format!(
                "the job did not finish in {:?}",
                self.gpu.timeout
            ))),
            Err(e) => Err(VkError::DeviceLost(format!("vkWaitForFences: {e:?}"))),
        }
    }

    fn render(&mut self, job: &RenderJob) -> Result<RenderOutput, VkError> {
        let (w, h) = (job.width, job.height);
        // Vertex buffers, one binding per attribute.
        let mut vbufs = Vec::new();
        for a in &job.attributes {
            vbufs.push(self.host_buffer(vk::BufferUsageFlags::VERTEX_BUFFER, &a.data, 16)?);
        }
        let (sets, ubufs) = self.descriptors(&job.bindings)?;
        self.pipeline_layout()?;
        // Attachments: device-local images and host-visible read-back buffers.
        let mut readback = Vec::new();
        for a in &job.attachments {
            let ici = vk::ImageCreateInfo::default()
                .image_type(vk::ImageType::TYPE_2D)
                .format(a.format.vk())
                .extent(vk::Extent3D {
                    width: w,
                    height: h,
                    depth: 1,
                })
                .mip_levels(1)
                .array_layers(1)
                .samples(vk::SampleCountFlags::TYPE_1)
                .tiling(vk::ImageTiling::OPTIMAL)
                .usage(vk::ImageUsageFlags::COLOR_ATTACHMENT | vk::ImageUsageFlags::TRANSFER_SRC)
                .sharing_mode(vk::SharingMode::EXCLUSIVE)
                .initial_layout(vk::ImageLayout::UNDEFINED);
            // SAFETY: a 2D single-sample colour image of a format every Vulkan device
            // supports as a colour attachment and transfer source, at most 4096x4096.
            let image = unsafe { self.dev().create_image(&ici, None) }
                .map_err(call_err("vkCreateImage"))?;
            // SAFETY: `image` was just created from this device.
            let req = unsafe { self.dev().get_image_memory_requirements(image) };
            let ty = self
                .gpu
                .memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty());
            let mem = ty.and_then(|ty| {
                let mai = vk::MemoryAllocateInfo::default()
                    .allocation_size(req.size)
                    .memory_type_index(ty);
                // SAFETY: a valid allocate-info for a memory type of this device.
                unsafe { self.dev().allocate_memory(&mai, None) }
                    .map_err(call_err("vkAllocateMemory"))
            });
            let mem = match mem {
                Ok(m) => m,
                Err(e) => {
                    // SAFETY: the image is not bound or in use.
                    unsafe { self.dev().destroy_image(image, None) };
                    return Err(e);
                }
            };
            self.images.push((image, mem));
            // SAFETY: a fresh allocation of the required size and type, bound once.
            unsafe { self.dev().bind_image_memory(image, mem, 0) }
                .map_err(call_err("vkBindImageMemory"))?;
            let vci = vk::ImageViewCreateInfo::default()
                .image(image)
                .view_type(vk::ImageViewType::TYPE_2D)
                .format(a.format.vk())
                .subresource_range(color_range());
            // SAFETY: a view of the whole (bound) image with its own format.
            let view = unsafe { self.dev().create_image_view(&vci, None) }
                .map_err(call_err("vkCreateImageView"))?;
            self.views.push(view);
            let bytes = w as usize * h as usize * a.format.pixel_size();
            readback.push(self.host_buffer(vk::BufferUsageFlags::TRANSFER_DST, &[], bytes)?);
        }
        // Render pass: attachment i is the job's attachment i; the subpass's colour
        // attachment array is indexed by location (gaps unused).
        let descs: Vec<vk::AttachmentDescription> = job
            .attachments
            .iter()
            .map(|a| {
                vk::AttachmentDescription::default()
                    .format(a.format.vk())
                    .samples(vk::SampleCountFlags::TYPE_1)
                    .load_op(vk::AttachmentLoadOp::CLEAR)
                    .store_op(vk::AttachmentStoreOp::STORE)
                    .stencil_load_op(vk::AttachmentLoadOp::DONT_CARE)
                    .stencil_store_op(vk::AttachmentStoreOp::DONT_CARE)
                    .initial_layout(vk::ImageLayout::UNDEFINED)
                    .final_layout(vk::ImageLayout::TRANSFER_SRC_OPTIMAL)
            })
            .collect();
        let nloc = job
            .attachments
            .iter()
            .map(|a| a.location + 1)
            .max()
            .unwrap_or(0);
        let mut refs = vec![
            vk::AttachmentReference::default()
                .attachment(vk::ATTACHMENT_UNUSED)
                .layout(vk::ImageLayout::UNDEFINED);
            nloc as usize
        ];
        for (i, a) in job.attachments.iter().enumerate() {
            refs[a.location as usize] = vk::AttachmentReference::default()
                .attachment(i as u32)
                .layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL);
        }
        let subpass = [vk::SubpassDescription::default()
            .pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)
            .color_attachments(&refs)];
        // The copy after the pass waits for the colour writes.
        let deps = [vk::SubpassDependency::default()
            .src_subpass(0)
            .dst_subpass(vk::SUBPASS_EXTERNAL)
            .src_stage_mask(vk::PipelineStageFlags::COLOR_ATTACHMENT_OUTPUT)
            .src_access_mask(vk::AccessFlags::COLOR_ATTACHMENT_WRITE)
            .dst_stage_mask(vk::PipelineStageFlags::TRANSFER)
            .dst_access_mask(vk::AccessFlags::TRANSFER_READ)];
        let rpci = vk::RenderPassCreateInfo::default()
            .attachments(&descs)
            .subpasses(&subpass)
            .dependencies(&deps);
        // SAFETY: attachment references are in range or UNUSED, layouts are valid for
        // colour attachments, and the create-info and its arrays live across the call.
        self.render_pass = unsafe { self.dev().create_render_pass(&rpci, None) }
            .map_err(call_err("vkCreateRenderPass"))?;
        let fci = vk::FramebufferCreateInfo::default()
            .render_pass(self.render_pass)
            .attachments(&self.views)
            .width(w)
            .height(h)
            .layers(1);
        // SAFETY: one live view per render-pass attachment, of the same format and size.
        self.framebuffer = unsafe { self.dev().create_framebuffer(&fci, None) }
            .map_err(call_err("vkCreateFramebuffer"))?;
        // Pipeline: the stages in pipeline order (vertex first, fragment last).
        let mut stages = Vec::new();
        for (words, _, stage) in render_modules(job) {
            let module = self.shader_module(words)?;
            stages.push(
                vk::PipelineShaderStageCreateInfo::default()
                    .stage(stage)
                    .module(module)
                    .name(c"main"),
            );
        }
        let vbind: Vec<vk::VertexInputBindingDescription> = job
            .attributes
            .iter()
            .enumerate()
            .map(|(i, a)| {
                vk::VertexInputBindingDescription::default()
                    .binding(i as u32)
                    .stride(a.format.size() as u32)
                    .input_rate(vk::VertexInputRate::VERTEX)
            })
            .collect();
        let vattr: Vec<vk::VertexInputAttributeDescription> = job
            .attributes
            .iter()
            .enumerate()
            .filter_map(|(i, a)| {
                Some(
                    vk::VertexInputAttributeDescription::default()
                        .location(a.location)
                        .binding(i as u32)
                        .format(a.format.vk()?)
                        .offset(0),
                )
            })
            .collect();
        let vi = vk::PipelineVertexInputStateCreateInfo::default()
            .vertex_binding_descriptions(&vbind)
            .vertex_attribute_descriptions(&vattr);
        let ia = vk::PipelineInputAssemblyStateCreateInfo::default().topology(match job.topology {
            Topology::TriangleList => vk::PrimitiveTopology::TRIANGLE_LIST,
            Topology::TriangleStrip => vk::PrimitiveTopology::TRIANGLE_STRIP,
            Topology::PatchList { .. } => vk::PrimitiveTopology::PATCH_LIST,
        });
        let control_points = match job.topology {
            Topology::PatchList { control_points } => control_points,
            _ => 0,
        };
        let ts =
            vk::PipelineTessellationStateCreateInfo::default().patch_control_points(control_points);
        let viewports = [vk::Viewport {
            x: 0.0,
            y: 0.0,
            width: w as f32,
            height: h as f32,
            min_depth: 0.0,
            max_depth: 1.0,
        }];
        let scissors = [vk::Rect2D {
            offset: vk::Offset2D { x: 0, y: 0 },
            extent: vk::Extent2D {
                width: w,
                height: h,
            },
        }];
        let vp = vk::PipelineViewportStateCreateInfo::default()
            .viewports(&viewports)
            .scissors(&scissors);
        let rs = vk::PipelineRasterizationStateCreateInfo::default()
            .polygon_mode(vk::PolygonMode::FILL)
            .cull_mode(vk::CullModeFlags::NONE)
            .front_face(vk::FrontFace::COUNTER_CLOCKWISE)
            .line_width(1.0);
        let ms = vk::PipelineMultisampleStateCreateInfo::default()
            .rasterization_samples(vk::SampleCountFlags::TYPE_1);
        let blend = vec![
            vk::PipelineColorBlendAttachmentState::default()
                .blend_enable(false)
                .color_write_mask(vk::ColorComponentFlags::RGBA);
            nloc as usize
        ];
        let cb_state = vk::PipelineColorBlendStateCreateInfo::default().attachments(&blend);
        let mut gpci = vk::GraphicsPipelineCreateInfo::default()
            .stages(&stages)
            .vertex_input_state(&vi)
            .input_assembly_state(&ia)
            .viewport_state(&vp)
            .rasterization_state(&rs)
            .multisample_state(&ms)
            .color_blend_state(&cb_state)
            .layout(self.pipeline_layout)
            .render_pass(self.render_pass)
            .subpass(0);
        if control_points > 0 {
            gpci = gpci.tessellation_state(&ts);
        }
        let gpci = [gpci];
        // SAFETY: every state the pipeline needs is given (no depth attachment, so no
        // depth state; no dynamic state; with tessellation stages, which `validate_render`
        // pairs with a PATCH_LIST topology of 1 to 32 control points, the tessellation
        // state), one blend state per subpass colour attachment, live modules (one per
        // stage, each stage once, on a device whose features `Gpu::check_stages` found to
        // include every stage present), layout and render pass; all arrays live across
        // the call.
        let pipelines = unsafe {
            self.dev()
                .create_graphics_pipelines(vk::PipelineCache::null(), &gpci, None)
        }
        .map_err(|(_, e)| call_err("vkCreateGraphicsPipelines")(e))?;
        self.pipeline = pipelines[0];
        // Record.
        let cb = self.command_buffer()?;
        let clears: Vec<vk::ClearValue> = job
            .attachments
            .iter()
            .map(|a| vk::ClearValue {
                color: vk::ClearColorValue { uint32: a.clear },
            })
            .collect();
        let rbi = vk::RenderPassBeginInfo::default()
            .render_pass(self.render_pass)
            .framebuffer(self.framebuffer)
            .render_area(scissors[0])
            .clear_values(&clears);
        let vb: Vec<vk::Buffer> = vbufs.iter().map(|b| b.buffer).collect();
        let offsets = vec![0u64; vb.len()];
        // The job's other shader stages, whose storage writes the final barrier waits for
        // (only stages the pipeline has: their features are enabled).
        let mut shader_stages = vk::PipelineStageFlags::empty();
        if control_points > 0 {
            shader_stages |= vk::PipelineStageFlags::TESSELLATION_CONTROL_SHADER
                | vk::PipelineStageFlags::TESSELLATION_EVALUATION_SHADER;
        }
        if job.geometry_spirv.is_some() {
            shader_stages |= vk::PipelineStageFlags::GEOMETRY_SHADER;
        }
        // SAFETY: `cb` is recording; the render pass, framebuffer, pipeline, descriptor
        // sets (compatible with the pipeline layout) and vertex buffers (one per binding
        // of the vertex input state, each holding `vertex_count` vertices) are live and
        // stay so until the fence wait. After the pass (whose external dependency makes
        // the colour writes visible to transfer reads) the images are in
        // TRANSFER_SRC_OPTIMAL; the copies write tightly packed rows into buffers large
        // enough for them; the final barrier makes transfer and shader writes visible to
        // the host (its source stages name the tessellation and geometry stages only when
        // the pipeline has them, whose features `Gpu::check_stages` found enabled).
        unsafe {
            let d = self.dev();
            d.cmd_begin_render_pass(cb, &rbi, vk::SubpassContents::INLINE);
            d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, self.pipeline);
            if !sets.is_empty() {
                d.cmd_bind_descriptor_sets(
                    cb,
                    vk::PipelineBindPoint::GRAPHICS,
                    self.pipeline_layout,
                    0,
                    &sets,
                    &[],
                );
            }
            if !vb.is_empty() {
                d.cmd_bind_vertex_buffers(cb, 0, &vb, &offsets);
            }
            d.cmd_draw(cb, job.vertex_count, 1, 0, 0);
            d.cmd_end_render_pass(cb);
            for ((img, _), rb) in self.images.iter().zip(&readback) {
                let region = [vk::BufferImageCopy::default()
                    .buffer_offset(0)
                    .buffer_row_length(0)
                    .buffer_image_height(0)
                    .image_subresource(vk::ImageSubresourceLayers {
                        aspect_mask: vk::ImageAspectFlags::COLOR,
                        mip_level: 0,
                        base_array_layer: 0,
                        layer_count: 1,
                    })
                    .image_extent(vk::Extent3D {
                        width: w,
                        height: h,
                        depth: 1,
                    })];
                d.cmd_copy_image_to_buffer(
                    cb,
                    *img,
                    vk::ImageLayout::TRANSFER_SRC_OPTIMAL,
                    rb.buffer,
                    &region,
                );
            }
            let mb = [vk::MemoryBarrier::default()
                .src_access_mask(vk::AccessFlags::TRANSFER_WRITE | vk::AccessFlags::SHADER_WRITE)
                .dst_access_mask(vk::AccessFlags::HOST_READ)];
            d.cmd_pipeline_barrier(
                cb,
                vk::PipelineStageFlags::TRANSFER
                    | vk::PipelineStageFlags::VERTEX_SHADER
                    | vk::PipelineStageFlags::FRAGMENT_SHADER
                    | shader_stages,
                vk::PipelineStageFlags::HOST,
                vk::DependencyFlags::empty(),
                &mb,
                &[],
                &[],
            );
        }
        self.submit_and_wait(cb)?;
        let mut out = RenderOutput {
            attachments: Vec::new(),
            buffers: Vec::new(),
        };
        for (a, rb) in job.attachments.iter().zip(&readback) {
            let bytes = w as usize * h as usize * a.format.pixel_size();
            out.attachments.push(self.read(*rb, bytes)?);
        }
        for (b, hb) in job.bindings.iter().zip(&ubufs) {
            out.buffers.push(self.read(*hb, b.data.len())?);
        }
        Ok(out)
    }

    fn dispatch(&mut self, job: &ComputeJob, spec: &[(u32, u32)]) -> Result<Vec<Vec<u8>>, VkError> {
        let addressed: Vec<usize> = job.addresses.iter().map(|p| p.of).collect();
        let (sets, bufs) = self.descriptors_with(&job.bindings, &addressed)?;
        // Patch the addresses in (`Gpu::check_addresses` checked the indices, the offsets
        // and that the device has `bufferDeviceAddress`).
        for p in &job.addresses {
            let address = self.device_address(bufs[p.of]);
            self.write_at(bufs[p.into], p.offset, &address.to_le_bytes())?;
        }
        self.pipeline_layout()?;
        let cs = self.shader_module(&job.spirv)?;
        // Specialization constants: 4 bytes each, in order.
        let entries: Vec<vk::SpecializationMapEntry> = spec
            .iter()
            .enumerate()
            .map(|(i, (id, _))| {
                vk::SpecializationMapEntry::default()
                    .constant_id(*id)
                    .offset(4 * i as u32)
                    .size(4)
            })
            .collect();
        let data: Vec<u8> = spec.iter().flat_map(|(_, v)| v.to_le_bytes()).collect();
        let spec_info = vk::SpecializationInfo::default()
            .map_entries(&entries)
            .data(&data);
        let mut stage = vk::PipelineShaderStageCreateInfo::default()
            .stage(vk::ShaderStageFlags::COMPUTE)
            .module(cs)
            .name(c"main");
        if !spec.is_empty() {
            stage = stage.specialization_info(&spec_info);
        }
        let ci = [vk::ComputePipelineCreateInfo::default()
            .stage(stage)
            .layout(self.pipeline_layout)];
        // SAFETY: a live module and layout; create-info alive for the call.
        let p = unsafe {
            self.dev()
                .create_compute_pipelines(vk::PipelineCache::null(), &ci, None)
        }
        .map_err(|(_, e)| call_err("vkCreateComputePipelines")(e))?;
        self.pipeline = p[0];
        let cb = self.command_buffer()?;
        // SAFETY: `cb` is recording; pipeline, layout and sets are live until the fence
        // wait; the barrier makes the shader's writes visible to the host.
        unsafe {
            let d = self.dev();
            d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::COMPUTE, self.pipeline);
            if !sets.is_empty() {
                d.cmd_bind_descriptor_sets(
                    cb,
                    vk::PipelineBindPoint::COMPUTE,
                    self.pipeline_layout,
                    0,
                    &sets,
                    &[],
                );
            }
            d.cmd_dispatch(cb, job.groups[0], job.groups[1], job.groups[2]);
            let mb = [vk::MemoryBarrier::default()
                .src_access_mask(vk::AccessFlags::SHADER_WRITE)
                .dst_access_mask(vk::AccessFlags::HOST_READ)];
            d.cmd_pipeline_barrier(
                cb,
                vk::PipelineStageFlags::COMPUTE_SHADER,
                vk::PipelineStageFlags::HOST,
                vk::DependencyFlags::empty(),
                &mb,
                &[],
                &[],
            );
        }
        self.submit_and_wait(cb)?;
        job.bindings
            .iter()
            .zip(&bufs)
            .map(|(b, hb)| self.read(*hb, b.data.len()))
            .collect()
    }
}

impl Drop for Resources<'_> {
    fn drop(&mut self) {
        // A job that returned early through `?` before `finish` (cannot happen with the
        // `render`/`dispatch` wrappers, which always call it) still frees what it made:
        // nothing was submitted unless `submit_and_wait` ran, and that path always
        // reaches `finish`.
        if !self.finished {
            self.finish(true);
        }
    }
}

fn color_range() -> vk::ImageSubresourceRange {
    vk::ImageSubresourceRange {
        aspect_mask: vk::ImageAspectFlags::COLOR,
        base_mip_level: 0,
        level_count: 1,
        base_array_layer: 0,
        layer_count: 1,
    }
}
