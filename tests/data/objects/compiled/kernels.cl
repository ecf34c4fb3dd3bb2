// OpenCL C kernels whose clang-14 assembly is checked in beside this file
// (kernels-CPU.s), made by tests/data/objects/compiled/make.sh.
//
// make.sh compiles with -nogpulib, which leaves OpenCL's library functions
// (get_global_id, barrier, ...) undefined and the objects unlinkable; so the
// kernels use clang's AMDGPU builtins instead, with a work-group size fixed
// by reqd_work_group_size, and link into a shared object on their own.

#define GROUP_SIZE 64
#define FIXED_GROUP __attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1)))

static inline uint local_id(void)
{
    return __builtin_amdgcn_workitem_id_x();
}

static inline uint group_id(void)
{
    return __builtin_amdgcn_workgroup_id_x();
}

static inline uint global_id(void)
{
    return group_id() * GROUP_SIZE + local_id();
}

// barrier(CLK_LOCAL_MEM_FENCE): the work-group's stores before it are
// seen by its loads after it.
static inline void local_barrier(void)
{
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
    __builtin_amdgcn_s_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

__kernel FIXED_GROUP void copy(__global const int *in, __global int *out)
{
    uint i = global_id();
    out[i] = in[i];
}

__kernel FIXED_GROUP void saxpy(float a, __global const float *x, __global float *y, int n)
{
    int i = global_id();
    if (i < n)
        y[i] = a * x[i] + y[i];
}

__constant int weights[4] = {1, 2, 3, 4};

__kernel FIXED_GROUP void weigh(__global int *data)
{
    uint i = global_id();
    data[i] = data[i] * weights[i & 3];
}

__kernel FIXED_GROUP void sum(__global const int *in, __global int *out, __local int *scratch)
{
    uint l = local_id();
    scratch[l] = in[global_id()];
    local_barrier();
    for (uint s = GROUP_SIZE / 2; s > 0; s /= 2) {
        if (l < s)
            scratch[l] += scratch[l + s];
        local_barrier();
    }
    if (l == 0)
        out[group_id()] = scratch[0];
}
