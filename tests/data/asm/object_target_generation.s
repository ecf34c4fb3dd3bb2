# gcnasm -a gcn1.4 -s llvm
// -a names a generation: .amdgcn_target picks its processor, one of
// another generation is an error.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx906:xnack-"
	.amdgcn_target "amdgcn-amd-amdhsa--gfx803"
	.amdgcn_target "amdgcn-amd-amdhsa--gfx906+xnack"
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1030"
	s_endpgm
